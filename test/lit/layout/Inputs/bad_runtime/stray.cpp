// At the root.
