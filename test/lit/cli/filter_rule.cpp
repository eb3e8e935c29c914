// `hotpath filter` lists, largest guard cost first, the functions that may be
// listed (at least --min-calls calls, 10,000; guards of at least --min-share of a
// run's wall time, 0.01%; at least --min-ratio x their own time, 0 by default) while
// the guards left in a run that calls them cost more than --budget of its wall time
// (2%); the per-run budgets are in test/unit/cli/filter_rule_test.cpp. filter_run_a.json is
// compensated at 20 ns a nested call over 1 s: its guards cost 690.5 ms. re::match (450 ms), the
// two app::hash (100 ms each), app::Box<int>::get (20 ms) leave 20.5 ms, over 2%, so
// app::share_boundary (10 ms) is listed too; with --budget 2.06 it is not. app::below_share (one
// call less) is listed only with --budget 0, and so is app::tick (10,000 calls, 0.02% of the run);
// app::parse (9,999 calls) never is. With --min-ratio 0.25, app::hash(double) (4 ns more of its
// own) is not listed. filter_run_b.json has no compensation figures: 25 ns a call. Merged, calls
// add up by signature (helper, 6,000 calls in each, passes --min-calls), and so do the wall times.
// filter_run_adaptive.json: the untimed calls of an adaptive row cost the report's
// per_untimed_call_ns (json::Stack::Top: 100,000 timed calls at 20 ns and 9.9
// million untimed at 2 ns, 21.8 ms), so json::ParseValue (30 ms) comes first.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
// RUN: %hotpath filter %S/Inputs/filter_run_a.json -o %t/a.filter
// RUN: FileCheck %s --check-prefix=DEFAULT --match-full-lines -DDIR=%S/Inputs < %t/a.filter
// RUN: %hotpath filter --budget 2.06 %S/Inputs/filter_run_a.json \
// RUN:   | FileCheck %s --check-prefix=BUDGET --match-full-lines
// RUN: %hotpath filter --min-share 0 --budget 0 %S/Inputs/filter_run_a.json > %t/a-all.filter
// RUN: FileCheck %s --check-prefix=NO-SHARE --match-full-lines < %t/a-all.filter
// RUN: %hotpath filter --min-ratio 0.25 --budget 0 %S/Inputs/filter_run_a.json \
// RUN:   | FileCheck %s --check-prefix=RATIO --match-full-lines
// RUN: %hotpath filter --min-share=0 --budget=0 %S/Inputs/filter_run_a.json \
// RUN:   %S/Inputs/filter_run_b.json -o %t/merged.filter
// RUN: FileCheck %s --check-prefix=MERGED --match-full-lines -DDIR=%S/Inputs < %t/merged.filter
// With 2 ns a guard: re::match's guards are 0.67x its time, app::share_boundary has
// too few calls.
// RUN: %hotpath filter --guard-ns 2 --min-ratio 1 --min-calls 1000000 --min-share 0.1% \
// RUN:   --budget 0 %S/Inputs/filter_run_a.json \
// RUN:   | FileCheck %s --check-prefix=OPTIONS --match-full-lines -DDIR=%S/Inputs
// A run left over its budget is named on stderr; within it, nothing is said.
// RUN: %hotpath filter --min-calls 1000000 %S/Inputs/filter_run_a.json 2>&1 > /dev/null \
// RUN:   | FileCheck %s --check-prefix=OVER --match-full-lines -DDIR=%S/Inputs
// RUN: %hotpath filter %S/Inputs/filter_run_a.json 2>&1 > /dev/null | count 0
// RUN: %hotpath filter %S/Inputs/filter_run_adaptive.json \
// RUN:   | FileCheck %s --check-prefix=ADAPTIVE --match-full-lines -DDIR=%S/Inputs
// RUN: %hotpath filter --budget 2.2 %S/Inputs/filter_run_adaptive.json \
// RUN:   | FileCheck %s --check-prefix=ADAPTIVE-BUDGET --match-full-lines
// RUN: %hotpath filter --budget 5.2 %S/Inputs/filter_run_adaptive.json \
// RUN:   | FileCheck %s --check-prefix=ADAPTIVE-NONE --match-full-lines
//
// The filter file is one the plugin reads.
// RUN: echo 'namespace re { int match(const char *, const char *) { return 0; } }' > %t/use.cpp
// RUN: %clangxx -fsyntax-only -fplugin=%hotpath_plugin -fplugin-arg-hotpath-filter=%t/merged.filter %t/use.cpp
//
// DEFAULT:      # Written by hotpath filter from [[DIR]]/filter_run_a.json
// DEFAULT-NEXT: # Rule: of the functions of at least 10000 calls whose guards cost at least 0.01% of a
// DEFAULT-NEXT: # run's wall time,
// DEFAULT-NEXT: # the largest guard costs, while the guards left in a run that calls them cost
// DEFAULT-NEXT: # more than 2% of its wall time.
// DEFAULT-NEXT: # [[DIR]]/filter_run_a.json: guard cost 20.00 ns a call (the report's compensation.per_nested_call_ns); run 1.00 s, guards 69.1% of it, 1.1% left
// DEFAULT-NEXT: # 5 of 10 functions listed.
// DEFAULT-NEXT: # 22,500,000 calls, 3 ns average, guards ~450.00 ms = 6.7x its own time, 45.0% of the run
// DEFAULT-NEXT: re::match(const char *, const char *)
// DEFAULT-NEXT: # 5,000,000 calls, 80 ns average, guards ~100.00 ms = 0.25x its own time, 10.0% of the run
// DEFAULT-NEXT: app::hash(double)
// DEFAULT-NEXT: # 5,000,000 calls, 80 ns average, guards ~100.00 ms = 0.25x its own time, 10.0% of the run
// DEFAULT-NEXT: app::hash(int)
// DEFAULT-NEXT: # 1,000,000 calls, 2 ns average, guards ~20.00 ms = 10x its own time, 2.0% of the run
// DEFAULT-NEXT: app::Box<int>::get() const
// DEFAULT-NEXT: # 500,000 calls, 2 ns average, guards ~10.00 ms = 10x its own time, 1.0% of the run
// DEFAULT-NEXT: app::share_boundary()
// DEFAULT-EMPTY:
// DEFAULT-NOT: {{.}}
//
// BUDGET:      # {{.*}}; run 1.00 s, guards 69.1% of it, 2.1% left
// BUDGET-NEXT: # 4 of 10 functions listed.
// BUDGET:      app::Box<int>::get() const
// BUDGET-EMPTY:
//
// NO-SHARE:      # {{.*}}; run 1.00 s, guards 69.1% of it, 0.032% left
// NO-SHARE-NEXT: # 7 of 10 functions listed.
// NO-SHARE-NEXT: # 22,500,000 calls, {{.*}}
// NO-SHARE-NEXT: re::match(const char *, const char *)
// NO-SHARE-NEXT: # 5,000,000 calls, {{.*}}
// NO-SHARE-NEXT: app::hash(double)
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
// RATIO:      # run's wall time and at least 0.25x their own time,
// RATIO:      # {{.*}}; run 1.00 s, guards 69.1% of it, 10.0% left
// RATIO-NEXT: # 6 of 10 functions listed.
// RATIO-NEXT: # 22,500,000 calls, {{.*}}
// RATIO-NEXT: re::match(const char *, const char *)
// RATIO-NEXT: # 5,000,000 calls, {{.*}}
// RATIO-NEXT: app::hash(int)
// RATIO-NEXT: # 1,000,000 calls, {{.*}}
// RATIO-NEXT: app::Box<int>::get() const
// RATIO-NEXT: # 500,000 calls, {{.*}}
// RATIO-NEXT: app::share_boundary()
// RATIO-NEXT: # 499,999 calls, {{.*}}
// RATIO-NEXT: app::below_share()
// RATIO-NEXT: # 10,000 calls, {{.*}}
// RATIO-NEXT: app::tick()
// RATIO-EMPTY:
//
// MERGED:      # [[DIR]]/filter_run_a.json: guard cost 20.00 ns a call (the report's compensation.per_nested_call_ns); run 1.00 s, guards 69.1% of it, 0.02% left
// MERGED-NEXT: # [[DIR]]/filter_run_b.json: guard cost 25.00 ns a call (no compensation figures: default); run 1.00 s, guards 5.0% of it, under 0.001% left
// MERGED-NEXT: # 8 of 10 functions listed.
// MERGED-NEXT: # 24,500,000 calls, 3 ns average, guards ~500.00 ms = 6.8x its own time, 25.0% of the run
// MERGED-NEXT: re::match(const char *, const char *)
// MERGED:      # 12,000 calls, 1 ns average, guards ~270.00 µs = 22x its own time, 0.013% of the run
// MERGED-NEXT: helper() [a.cpp]
// MERGED-NEXT: # 10,000 calls, {{.*}}
// MERGED-NEXT: app::tick()
// MERGED-EMPTY:
//
// OPTIONS:      # Rule: of the functions of at least 1000000 calls whose guards cost at least 0.1% of a
// OPTIONS-NEXT: # run's wall time and at least 1x their own time,
// OPTIONS-NEXT: # the largest guard costs, while the guards left in a run that calls them cost
// OPTIONS-NEXT: # more than 0% of its wall time.
// OPTIONS-NEXT: # [[DIR]]/filter_run_a.json: guard cost 2.00 ns a call (--guard-ns); run 1.00 s, guards 6.9% of it, 6.7% left
// OPTIONS-NEXT: # 1 of 10 functions listed.
// OPTIONS-NEXT: # 1,000,000 calls, 2 ns average, guards ~2.00 ms = 1.0x its own time, 0.2% of the run
// OPTIONS-NEXT: app::Box<int>::get() const
// OPTIONS-EMPTY:
//
// OVER: hotpath filter: note: [[DIR]]/filter_run_a.json: the guards left cost 2.05% of its run, over the 2% budget: the rest is in functions that --min-calls (1000000), --min-share (0.01%) or --min-ratio (0) keep off the list
//
// ADAPTIVE:      # [[DIR]]/filter_run_adaptive.json: guard cost 20.00 ns a call (untimed 2.00 ns: the report's compensation.per_nested_call_ns and per_untimed_call_ns); run 1.00 s, guards 5.2% of it, under 0.001% left
// ADAPTIVE-NEXT: # 2 of 3 functions listed.
// ADAPTIVE-NEXT: # 1,500,000 calls, 400 ns average, guards ~30.00 ms = 0.05x its own time, 3.0% of the run
// ADAPTIVE-NEXT: json::ParseValue(Reader &)
// ADAPTIVE-NEXT: # 10,000,000 calls, 2 ns average, guards ~21.80 ms = 1.1x its own time, 2.2% of the run
// ADAPTIVE-NEXT: json::Stack::Top() const
// ADAPTIVE-EMPTY:
//
// ADAPTIVE-BUDGET:      # {{.*}}; run 1.00 s, guards 5.2% of it, 2.2% left
// ADAPTIVE-BUDGET-NEXT: # 1 of 3 functions listed.
// ADAPTIVE-BUDGET-NEXT: # 1,500,000 calls, {{.*}}
// ADAPTIVE-BUDGET-NEXT: json::ParseValue(Reader &)
// ADAPTIVE-BUDGET-EMPTY:
//
// ADAPTIVE-NONE:      # {{.*}}; run 1.00 s, guards 5.2% of it, 5.2% left
// ADAPTIVE-NONE-NEXT: # 0 of 3 functions listed.
// ADAPTIVE-NONE-EMPTY:
