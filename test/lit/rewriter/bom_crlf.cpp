// REQUIRES: rewriter
// A source that starts with a UTF-8 byte order mark keeps it first, before the
// prologue, and a source with CR LF line endings gets CR LF in every line the
// rewriter adds. Both compile and report, and rewriting again changes nothing.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/write_bom_crlf.py %t/unit.cpp
// RUN: %hotpath_rewrite --in-place %t/unit.cpp -- -std=c++17 %hotpath_cflags
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); \
// RUN:   assert d.startswith(b'\xef\xbb\xbf#include <hotpath/hotpath.hpp>\r\n#line 1\r\n'), d[:80]; \
// RUN:   assert d.count(b'\n') == d.count(b'\r\n'), d; \
// RUN:   assert b'DefaultTemplateArguments' in d, d; print('ok')" %t/unit.cpp
// RUN: cp %t/unit.cpp %t/again.cpp
// RUN: %hotpath_rewrite --in-place %t/again.cpp -- -std=c++17 %hotpath_cflags
// RUN: cmp %t/unit.cpp %t/again.cpp
// RUN: %gxx -std=c++17 -Wno-attributes %hotpath_cflags %t/unit.cpp -o %t/program %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/program | FileCheck %s
// CHECK-DAG: {"name":"app::first","signature":"app::first()","calls":1,
// CHECK-DAG: {"name":"app::second","signature":"app::second(app::Box<int>)","calls":1,
