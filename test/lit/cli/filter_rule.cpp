// `hotpath filter` lists exactly the functions whose guards distort the run: at
// least --min-calls calls (10,000), guards (calls x compensation.per_nested_call_ns)
// of at least --min-share of the run's wall time (1%) and at least --min-ratio x the
// function's own time (0.25); each bound is inclusive. filter_run_a.json is
// compensated at 20 ns a nested call over 1 s: re::match (22.5 M calls of 3 ns) and
// app::hash(int) (ratio exactly 0.25) are listed, app::hash(double) (4 ns more of
// its own) is not; app::share_boundary (exactly 1%) is, app::below_share (one call
// less) is not; app::tick (10,000 calls) and app::parse (9,999) only with
// --min-share 0, and then app::parse still not. filter_run_b.json has no
// compensation figures: 25 ns a call. Merged, calls add up by signature (helper,
// 6,000 calls in each, passes --min-calls), and so do the wall times.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
// RUN: %hotpath filter %S/Inputs/filter_run_a.json -o %t/a.filter
// RUN: FileCheck %s --check-prefix=DEFAULT --match-full-lines -DDIR=%S/Inputs < %t/a.filter
// RUN: %hotpath filter --min-share 0 %S/Inputs/filter_run_a.json > %t/a-all.filter
// RUN: FileCheck %s --check-prefix=NO-SHARE --match-full-lines < %t/a-all.filter
// RUN: %hotpath filter --min-share=0 %S/Inputs/filter_run_a.json %S/Inputs/filter_run_b.json \
// RUN:   -o %t/merged.filter
// RUN: FileCheck %s --check-prefix=MERGED --match-full-lines -DDIR=%S/Inputs < %t/merged.filter
// With 2 ns a guard: re::match's guards are 0.67x its time, app::share_boundary has
// too few calls.
// RUN: %hotpath filter --guard-ns 2 --min-ratio 1 --min-calls 1000000 --min-share 0.1% \
// RUN:   %S/Inputs/filter_run_a.json \
// RUN:   | FileCheck %s --check-prefix=OPTIONS --match-full-lines -DDIR=%S/Inputs
//
// The filter file is one the plugin reads.
// RUN: echo 'namespace re { int match(const char *, const char *) { return 0; } }' > %t/use.cpp
// RUN: %clangxx -fsyntax-only -fplugin=%hotpath_plugin -fplugin-arg-hotpath-filter=%t/merged.filter %t/use.cpp
//
// DEFAULT:      # Written by hotpath filter from [[DIR]]/filter_run_a.json
// DEFAULT-NEXT: # Rule: at least 10000 calls, and guards costing at least 1% of the run's wall time
// DEFAULT-NEXT: # (1.00 s) and at least 0.25x the function's own time.
// DEFAULT-NEXT: # [[DIR]]/filter_run_a.json: guard cost 20.00 ns a call (the report's compensation.per_nested_call_ns)
// DEFAULT-NEXT: # 4 of 10 functions listed.
// DEFAULT-NEXT: # 22,500,000 calls, 3 ns average, guards ~450.00 ms = 6.7x its own time, 45.0% of the run
// DEFAULT-NEXT: re::match(const char *, const char *)
// DEFAULT-NEXT: # 5,000,000 calls, 80 ns average, guards ~100.00 ms = 0.25x its own time, 10.0% of the run
// DEFAULT-NEXT: app::hash(int)
// DEFAULT-NEXT: # 1,000,000 calls, 2 ns average, guards ~20.00 ms = 10x its own time, 2.0% of the run
// DEFAULT-NEXT: app::Box<int>::get() const
// DEFAULT-NEXT: # 500,000 calls, 2 ns average, guards ~10.00 ms = 10x its own time, 1.0% of the run
// DEFAULT-NEXT: app::share_boundary()
// DEFAULT-EMPTY:
// DEFAULT-NOT: {{.}}
//
// NO-SHARE:      # 6 of 10 functions listed.
// NO-SHARE-NEXT: # 22,500,000 calls, {{.*}}
// NO-SHARE-NEXT: re::match(const char *, const char *)
// NO-SHARE-NEXT: # 5,000,000 calls, {{.*}}
// NO-SHARE-NEXT: app::hash(int)
// NO-SHARE-NEXT: # 1,000,000 calls, {{.*}}
// NO-SHARE-NEXT: app::Box<int>::get() const
// NO-SHARE-NEXT: # 500,000 calls, {{.*}}
// NO-SHARE-NEXT: app::share_boundary()
// NO-SHARE-NEXT: # 499,999 calls, 0 ns average, guards ~10.00 ms = 10000x its own time, 1.0% of the run
// NO-SHARE-NEXT: app::below_share()
// NO-SHARE-NEXT: # 10,000 calls, 1 ns average, guards ~200.00 µs = 20x its own time, 0.02% of the run
// NO-SHARE-NEXT: app::tick()
// NO-SHARE-EMPTY:
//
// MERGED:      # [[DIR]]/filter_run_a.json: guard cost 20.00 ns a call (the report's compensation.per_nested_call_ns)
// MERGED-NEXT: # [[DIR]]/filter_run_b.json: guard cost 25.00 ns a call (no compensation figures: default)
// MERGED-NEXT: # 7 of 10 functions listed.
// MERGED-NEXT: # 24,500,000 calls, 3 ns average, guards ~500.00 ms = 6.8x its own time, 25.0% of the run
// MERGED-NEXT: re::match(const char *, const char *)
// MERGED:      # 12,000 calls, 1 ns average, guards ~270.00 µs = 22x its own time, 0.013% of the run
// MERGED-NEXT: helper() [a.cpp]
// MERGED-NEXT: # 10,000 calls, {{.*}}
// MERGED-NEXT: app::tick()
// MERGED-EMPTY:
//
// OPTIONS:      # Rule: at least 1000000 calls, and guards costing at least 0.1% of the run's wall time
// OPTIONS-NEXT: # (1.00 s) and at least 1x the function's own time.
// OPTIONS-NEXT: # [[DIR]]/filter_run_a.json: guard cost 2.00 ns a call (--guard-ns)
// OPTIONS-NEXT: # 1 of 10 functions listed.
// OPTIONS-NEXT: # 1,000,000 calls, 2 ns average, guards ~2.00 ms = 1.0x its own time, 0.2% of the run
// OPTIONS-NEXT: app::Box<int>::get() const
// OPTIONS-EMPTY:
