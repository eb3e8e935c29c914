// Live metrics scraped by a real Prometheus (Debian's prometheus): the program
// (Inputs/metrics_prometheus_program.cpp) calls six functions of 1 us to 2 s (a
// tenth of the calls three times as long) on 16 threads for about 12 s under
// HOTPATH_LIVE=1, while Prometheus scrapes /metrics every second with a timeout of
// a second. Inputs/metrics_prometheus_check.py then asks Prometheus's HTTP API:
// every scrape up and shorter than a second, about one scrape a second, the call
// counters never back, and for each function histogram_quantile(0.95, ...) over
// the buckets of the last scrape within 10% of the p95 the program's own report
// gives (both taken after the last call). Prometheus interpolates linearly inside
// a bucket, so this holds only for buckets finer than 10%.
//
// REQUIRES: live, prometheus
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/metrics_prometheus_program.cpp \
// RUN:   -o %t %hotpath_libs
// RUN: %python %S/Inputs/metrics_prometheus_check.py %t %t.dir | FileCheck %s
//
// CHECK: prometheus: ready
// CHECK-NEXT: program: 28910 calls, in the report and in the last scrape
// CHECK-NEXT: scrapes: {{[0-9]+}} in {{[0-9.]+}} s, longest gap {{[0-9.]+}} s
// CHECK-NEXT: scrapes: one a second: yes
// CHECK-NEXT: up: 1 at every scrape: yes
// CHECK-NEXT: scrape_duration_seconds: max {{[0-9.]+}} s over {{[0-9]+}} scrapes
// CHECK-NEXT: scrape_duration_seconds: under 1 s at every scrape: yes
// CHECK-NEXT: calls_total: never went back, 28910 at the end: yes
// CHECK-NEXT: app::wait_1us: 20000 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_1us: within 10%: yes
// CHECK-NEXT: app::wait_30us: 4000 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_30us: within 10%: yes
// CHECK-NEXT: app::wait_1ms: 4000 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_1ms: within 10%: yes
// CHECK-NEXT: app::wait_20ms: 800 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_20ms: within 10%: yes
// CHECK-NEXT: app::wait_300ms: 90 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_300ms: within 10%: yes
// CHECK-NEXT: app::wait_2s: 20 calls, report p95 {{.*}}, prometheus {{.*}}, error {{.*}}%
// CHECK-NEXT: app::wait_2s: within 10%: yes
// CHECK-NEXT: stopped: program exit 0, prometheus exit 0: yes
