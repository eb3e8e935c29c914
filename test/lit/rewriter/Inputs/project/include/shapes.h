// A project header with annotated inline functions and templates: rewritten
// when it matches --header-filter.
#pragma once

#include <vector>

namespace shapes {

template <typename T>
class Stack {
 public:
  [[hotpath::measure]] void push(T value) { items_.push_back(value); }
  [[hotpath::measure]] T sum() const {
    T total{};
    for (T item : items_) total += item;
    return total;
  }

 private:
  std::vector<T> items_;
};

[[hotpath::measure]] inline int area(int w, int h) { return w * h; }

template <typename T>
[[hotpath::measure]] T scaled(T value) {
  auto twice = [] [[hotpath::measure]] (T v) { return v + v; };
  return twice(value);
}

int perimeter(int w, int h);
double perimeter(double w, double h);

}  // namespace shapes
