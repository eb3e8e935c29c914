// A program that knows nothing of hotpath: two loops, one three times the other.
#include <cmath>
#include <cstdio>

__attribute__((noinline)) double heavy(int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += std::sqrt(i * 1.0);
  return sum;
}

__attribute__((noinline)) double light(int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += std::sqrt(i * 2.0);
  return sum;
}

int main() {
  double total = 0;
  for (int round = 0; round < 40; ++round) total += heavy(3000000) + light(1000000);
  std::printf("%.0f\n", total > 0 ? 1.0 : 0.0);
}
