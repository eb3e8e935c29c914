// Included under two namespaces, which the includer names with a macro.
namespace WORK_NAMESPACE {
inline int work(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += i;
  return sum;
}
}  // namespace WORK_NAMESPACE
