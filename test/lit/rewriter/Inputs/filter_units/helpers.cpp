// Compiled on its own, and included by alpha.cpp: an internal function of two
// translation units, named with its file in each.
namespace {
int helper(int n) {
  int product = 1;
  for (int i = 1; i < n; ++i) product *= i;
  return product;
}
}  // namespace

int helpers_helper(int n) { return helper(n) + 1; }
