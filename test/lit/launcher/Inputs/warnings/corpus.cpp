// Every kind of guard hotpath writes, in code that is warning-free under the
// strictest flags people use, from C++11 on: what the guards and hotpath's headers
// add is all a strict build would see.
#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace corpus {

[[hotpath::measure]] int add(int left, int right) noexcept { return left + right; }

[[hotpath::measure]] static unsigned count_spaces(const std::string& text) {
  unsigned spaces = 0;
  for (char character : text) {
    if (character == ' ') ++spaces;
  }
  return spaces;
}

namespace {

[[hotpath::measure]] double half(double value) { return value / 2; }

}  // namespace

template <typename T>
[[hotpath::measure]] T largest(const std::vector<T>& values) {
  T result = values.empty() ? T() : values.front();
  for (const T& value : values) {
    if (result < value) result = value;
  }
  return result;
}

template <typename... Args>
[[hotpath::measure]] std::size_t count_all(const Args&...) {
  return sizeof...(Args);
}

// Non-type template parameters, which the rewriter passes as hotpath::Value.
template <bool Flag, char Mark, std::size_t Size>
[[hotpath::measure]] std::size_t marked(const char (&text)[Size]) {
  return Flag && text[0] == Mark ? Size : 0;
}

template <int... Values>
[[hotpath::measure]] std::size_t count_values() {
  return sizeof...(Values);
}

class [[hotpath::measure_all]] Counter {
 public:
  Counter() : count_(0) {}
  explicit Counter(int start) : count_(start) {}
  Counter(const Counter& other) : count_(other.count_) {}
  Counter& operator=(const Counter& other) {
    count_ = other.count_;
    return *this;
  }
  virtual ~Counter() {}

  void bump() { ++count_; }
  int value() const { return count_; }
  Counter& operator+=(int amount) {
    count_ += amount;
    return *this;
  }
  virtual int scaled(int factor) const { return count_ * factor; }
  [[hotpath::skip]] int unmeasured() const { return count_; }

 private:
  int count_;
};

class [[hotpath::measure_all]] Doubler : public Counter {
 public:
  Doubler() : Counter(1) {}
  int scaled(int factor) const override { return Counter::scaled(factor) * 2; }
};

template <typename T>
class [[hotpath::measure_all]] Box {
 public:
  explicit Box(T value) : value_(std::move(value)) {}
  const T& get() const { return value_; }

 private:
  T value_;
};

// Measured from C++20 on (before, hotpath warns that it cannot be, by design).
#if __cplusplus >= 202002L
[[hotpath::measure]] constexpr int square(int value) { return value * value; }
#endif

[[hotpath::measure]] int apply_lambdas(int value) {
  auto twice = [](int x) { return 2 * x; };
#if __cplusplus >= 201402L
  auto generic = [](auto x) { return x + 1; };
  value = generic(value);
#endif
  return twice(value);
}

}  // namespace corpus

[[hotpath::main]] int main() {
  corpus::Counter counter(2);
  counter.bump();
  counter += 3;
  corpus::Doubler doubler;
  const corpus::Counter& base = doubler;
  corpus::Counter copy(counter);
  copy = counter;
  const corpus::Box<std::string> box(std::string("a b c"));
  std::vector<int> values;
  values.push_back(3);
  values.push_back(7);
  int total = corpus::add(counter.value(), base.scaled(2)) + corpus::largest(values) +
              corpus::apply_lambdas(copy.unmeasured()) +
              static_cast<int>(corpus::count_spaces(box.get()) + corpus::count_all(1, 'x', 2.0) +
                               corpus::marked<true, 'a'>("abc") + corpus::count_values<1, 2>());
#if __cplusplus >= 202002L
  total += corpus::square(3);
#endif
  std::printf("%d %g\n", total, corpus::half(3.0));
  return 0;
}
