// MCP tools of a program that links hotpath-alloc, hotpath-cpu and hotpath-wait:
// the allocation, CPU, wait and lock tools answer their routes' sections exactly,
// and the SDK finds each section's JSON valid against the tool's output schema.
// The program is mcp.cpp's: app::parse allocates 4 KiB in each of its 12 calls
// and sleeps, app::take waits once for the lock app::hold holds. How many CPU
// samples the program has depends on the machine: maybe none.
//
// REQUIRES: live, mcp-sdk, alloc, cpu, waits
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags %S/Inputs/mcp_program.cpp -o %t \
// RUN:   %hotpath_alloc_libs %hotpath_cpu_libs %hotpath_wait_libs %hotpath_libs
// RUN: %node %S/Inputs/mcp_check.cjs http %t %t.stop %hotpath %npm_tools | FileCheck %s
//
// CHECK:      11 tools with input and output schemas and a description
// CHECK:      functions_alloc {}: same as /functions_alloc: {{.*}}app::parse 12{{.*}}
// CHECK-NEXT: functions_cpu {}: same as /functions_cpu:{{.*}}
// CHECK-NEXT: functions_wait {"focus":"run"}: same as /functions_wait?focus=run: app::run{{$}}
// CHECK-NEXT: locks {}: same as /locks: {{.+}} 1{{$}}
// CHECK-NEXT: coroutines {}: same as /coroutines: {{$}}
// CHECK:      threads {}: same as /threads: main
// CHECK:      ping answered
// CHECK-NOT:  FAILED
