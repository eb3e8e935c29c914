// REQUIRES: plugin
// The Asio example (examples/echo_coroutines.cpp: 8 clients of a TCP echo server
// on 127.0.0.1, 50 requests each, every connection and request an
// asio::awaitable resumed by a pool of four threads), built with the plugin: its
// coroutine rows match the requests exactly, and in its timeline each request's
// segments are on the threads that ran them, linked by a flow.
//
// RUN: %clangxx -std=c++20 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %S/../../../examples/echo_coroutines.cpp \
// RUN:   -o %t %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json HOTPATH_TRACE=%t.trace.json \
// RUN:   HOTPATH_FOLDED_COROUTINES=%t.folded HOTPATH_FLAMEGRAPH_COROUTINES=%t.svg %t \
// RUN:   | FileCheck %s --check-prefix=ECHOED
// RUN: %python %S/Inputs/flamegraph_in_browser.py %t.svg %t.folded %t.png app::client \
// RUN:   app::request app::session | FileCheck %s --check-prefix=DRAWN
// RUN: %python %S/Inputs/coroutine_report_check.py %t.json | FileCheck %s
// RUN: %python %S/Inputs/coroutine_trace_check.py %t.trace.json app::request app::session \
// RUN:   app::client app::listen | FileCheck %s --check-prefix=TRACE
//
// ECHOED: 204800 bytes echoed
//
// A request: its first segment, then one after its write and one after its read.
// A session: its first, one per read and write of the 50 requests (816 when each
// read gets a whole message, which TCP does not promise), one for the end.
// A client: its first, one after connecting, one after each of its 50 requests.
// The listener: its first, 8 accepts, and the accept the close ends.
// CHECK:      app::client: 8 instances, 8 completed, 0 destroyed, 416 resumes, calls 8
// CHECK-NEXT: app::listen: 1 instances, 1 completed, 0 destroyed, 10 resumes, calls 1
// CHECK-NEXT: app::request: 400 instances, 400 completed, 0 destroyed, 1200 resumes, calls 400
// CHECK-NEXT: app::session: 8 instances, 8 completed, 0 destroyed, {{[0-9]+}} resumes, calls 8
// CHECK-NEXT: running + suspended = logical for every row
// The logical tree: every request under its client (Asio's awaitables start
// lazily: the plugin's hook on their initial suspension saw the client's segment),
// every session under the listener that spawned it.
// CHECK-NEXT: tree: app::client: 8 instances
// CHECK-NEXT: tree: app::client > app::request: 400 instances
// CHECK-NEXT: tree: app::listen: 1 instances
// CHECK-NEXT: tree: app::listen > app::session: 8 instances
//
// The logical flame graph, as Chromium draws it, has what its folded stacks have.
// DRAWN: title: Coroutines: Logical Flame Graph
// DRAWN-NEXT: app::client: drawn [[CLIENT:[1-9][0-9]+]], folded [[CLIENT]]
// DRAWN-NEXT: app::request: drawn [[REQUEST:[1-9][0-9]+]], folded [[REQUEST]]
// DRAWN-NEXT: app::session: drawn [[SESSION:[1-9][0-9]+]], folded [[SESSION]]
// DRAWN-NEXT: screenshot: PNG
//
// TRACE:      app::request: 400 instances, 1200 segments, 1200 flow steps, 1 to {{[1-5]}} threads an instance
// TRACE-NEXT: app::session: 8 instances, [[SEGMENTS:[0-9]+]] segments, [[SEGMENTS]] flow steps, {{[1-5]}} to {{[1-5]}} threads an instance
// TRACE-NEXT: app::client: 8 instances, 416 segments, 416 flow steps, {{[1-5]}} to {{[1-5]}} threads an instance
// TRACE-NEXT: app::listen: 1 instances, 10 segments, 10 flow steps, {{[1-5]}} to {{[1-5]}} threads an instance
