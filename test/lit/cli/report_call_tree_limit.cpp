// `hotpath report --limit N` cuts the call tree as the report at exit does: the N
// nodes of largest total time and their callers, in tree order, and a note saying
// how many paths are hidden and that --limit 0 shows them all. The callers and
// callees still count every path. Without --limit the saved report's limit (4)
// applies. The JSON keeps the whole tree, as the report at exit writes it.
//
// The tree (Inputs/report_call_tree.json), 7 nodes of 6 functions:
// main 1000 us -> serve 900 -> parse 500 -> lex 450; serve -> reply 300;
// main -> log 60; main -> parse 40.
//
// REQUIRES: hotpath-cli
// RUN: %hotpath report %S/Inputs/report_call_tree.json --limit 2 \
// RUN:   | FileCheck %s --check-prefix=TWO --match-full-lines --strict-whitespace
// RUN: %hotpath report %S/Inputs/report_call_tree.json \
// RUN:   | FileCheck %s --check-prefix=SAVED --match-full-lines --strict-whitespace
// RUN: %hotpath report %S/Inputs/report_call_tree.json --limit 0 \
// RUN:   | FileCheck %s --check-prefix=ALL --match-full-lines --strict-whitespace
// RUN: %hotpath report %S/Inputs/report_call_tree.json --limit 2 --format markdown \
// RUN:   | FileCheck %s --check-prefix=MARKDOWN --match-full-lines --strict-whitespace
// RUN: %hotpath report %S/Inputs/report_call_tree.json --limit 2 --format json \
// RUN:   | %python -c "import json,sys; print(len(json.load(sys.stdin)['call_tree']['nodes']))" \
// RUN:   | FileCheck %s --check-prefix=JSON --match-full-lines

// TWO:[hotpath] call tree - hottest paths of measured calls (wall time).
// TWO-NEXT:+-----------+-------+-----------+-----------+---------+
// TWO-NEXT:| Call path | Calls | Total     | Self      | % Total |
// TWO-NEXT:+-----------+-------+-----------+-----------+---------+
// TWO-NEXT:| main      | 1     | 1.00 ms   | 40.00 µs  | 100.00% |
// TWO-NEXT:+-----------+-------+-----------+-----------+---------+
// TWO-NEXT:|   serve   | 10    | 900.00 µs | 100.00 µs | 90.00%  |
// TWO-NEXT:+-----------+-------+-----------+-----------+---------+
// TWO-NEXT:... 5 more call paths not shown (limit 2; --limit 0 shows all)
// TWO-EMPTY:
// TWO-NEXT:[hotpath] callers and callees - of the 2 functions with the largest total.
// TWO-NEXT:main  1 calls, 1.00 ms
// TWO-NEXT:  <- (no measured caller)  1 calls, 1.00 ms
// TWO-NEXT:  -> serve  10 calls, 900.00 µs
// TWO-NEXT:  -> log  5 calls, 60.00 µs
// TWO-NEXT:  -> parse  10 calls, 40.00 µs
// TWO-NEXT:serve  10 calls, 900.00 µs
// TWO-NEXT:  <- main  10 calls, 900.00 µs
// TWO-NEXT:  -> parse  20 calls, 500.00 µs
// TWO-NEXT:  -> reply  10 calls, 300.00 µs
// TWO-NEXT:note: 4 of 6 functions in the saved report; record with HOTPATH_LIMIT=0 for all
// TWO-NEXT:note: 2 of 4 functions shown (--limit 2; --limit 0 shows all)
// TWO-NOT:{{.}}

// SAVED:[hotpath] call tree - hottest paths of measured calls (wall time).
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:| Call path | Calls | Total     | Self      | % Total |
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:| main      | 1     | 1.00 ms   | 40.00 µs  | 100.00% |
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:|   serve   | 10    | 900.00 µs | 100.00 µs | 90.00%  |
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:|     parse | 20    | 500.00 µs | 50.00 µs  | 50.00%  |
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:|       lex | 300   | 450.00 µs | 450.00 µs | 45.00%  |
// SAVED-NEXT:+-----------+-------+-----------+-----------+---------+
// SAVED-NEXT:... 3 more call paths not shown (limit 4; --limit 0 shows all)
// SAVED-EMPTY:
// SAVED-NEXT:[hotpath] callers and callees - of the 4 functions with the largest total.

// ALL:[hotpath] call tree - hottest paths of measured calls (wall time).
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:| Call path | Calls | Total     | Self      | % Total |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:| main      | 1     | 1.00 ms   | 40.00 µs  | 100.00% |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|   serve   | 10    | 900.00 µs | 100.00 µs | 90.00%  |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|     parse | 20    | 500.00 µs | 50.00 µs  | 50.00%  |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|       lex | 300   | 450.00 µs | 450.00 µs | 45.00%  |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|     reply | 10    | 300.00 µs | 300.00 µs | 30.00%  |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|   log     | 5     | 60.00 µs  | 60.00 µs  | 6.00%   |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-NEXT:|   parse   | 10    | 40.00 µs  | 40.00 µs  | 4.00%   |
// ALL-NEXT:+-----------+-------+-----------+-----------+---------+
// ALL-EMPTY:
// ALL-NEXT:[hotpath] callers and callees - of the 4 functions with the largest total.

// MARKDOWN:### hotpath call tree
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:| Function | Calls | Total | Self |
// MARKDOWN-NEXT:| :--- | ---: | ---: | ---: |
// MARKDOWN-NEXT:| `main` | 1 | 1.00 ms | 40.00 µs |
// MARKDOWN-NEXT:| &nbsp;&nbsp;&nbsp;&nbsp;`serve` | 10 | 900.00 µs | 100.00 µs |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:_5 more call paths not shown (limit 2)._
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT:> 4 of 6 functions in the saved report; record with HOTPATH\_LIMIT=0 for all
// MARKDOWN-NEXT:>
// MARKDOWN-NEXT:> 2 of 4 functions shown (--limit 2; --limit 0 shows all)
// MARKDOWN-NOT:{{.}}

// JSON:7
