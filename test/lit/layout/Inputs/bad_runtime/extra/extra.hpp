// Not in the map.
