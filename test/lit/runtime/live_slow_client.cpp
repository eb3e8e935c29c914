// The live server and slow clients: while one client has sent half a request and
// stalls, the others are answered at once; a method other than GET and HEAD gets
// 405 before the server reads a body that may never come; the stalled client is
// dropped after the read timeout. Inputs/live_slow_client.py talks raw HTTP over
// sockets to send what a well-behaved client never would.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/served_program.cpp -o %t %hotpath_libs
// RUN: %python %S/Inputs/live_slow_client.py %t %t.stop | FileCheck %s
//
// CHECK: healthz x5 while a client stalls: HTTP/1.1 200 OK, each in < 1 s: True
// CHECK-NEXT: HEAD /healthz: HTTP/1.1 200 OK, in < 1 s: True
// CHECK-NEXT: without Content-Length: HTTP/1.1 405 Method Not Allowed, Allow: GET, HEAD, {"error":"only GET and HEAD requests are answered"}, in < 1 s: True
// CHECK-NEXT: Content-Length 100, no body: HTTP/1.1 405 Method Not Allowed, Allow: GET, HEAD, {"error":"only GET and HEAD requests are answered"}, in < 1 s: True
// CHECK-NEXT: PUT, chunked, no chunk: HTTP/1.1 405 Method Not Allowed, Allow: GET, HEAD, {"error":"only GET and HEAD requests are answered"}, in < 1 s: True
// CHECK-NEXT: stalled client dropped: True, after 1 to 10 s
// CHECK-NEXT: exit 0
