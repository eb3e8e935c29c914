// Shared by multi_file.cpp, Inputs/multi_a.cpp and Inputs/multi_b.cpp.
#pragma once

#include <vector>

namespace app {

extern volatile int sink;

// Attributes on the declarations; the definitions are in multi_a.cpp and multi_b.cpp.
class Shape {
 public:
  [[hotpath::measure]] explicit Shape(int side);
  [[hotpath::measure]] int area() const;       // multi_a.cpp
  [[hotpath::measure]] int perimeter() const;  // multi_b.cpp
  int side() const { return side_; }

 private:
  int side_;
};

// Every member, defined in either file.
class [[hotpath::measure_all]] Registry {
 public:
  void add(int value);                                           // multi_a.cpp
  int sum() const;                                               // multi_b.cpp
  int size() const { return static_cast<int>(values_.size()); }  // inline, used in both

 private:
  std::vector<int> values_;
};

// Inline and template functions used (and instantiated) in both files.
[[hotpath::measure]] inline int shared_inline(int x) { return x + sink; }

template <typename T>
[[hotpath::measure]] T twice(T x) {
  return x + x;
}

template <typename T>
class Stack {
 public:
  [[hotpath::measure]] void push(T value) { items_.push_back(value); }

 private:
  std::vector<T> items_;
};

int run_a();
int run_b();

}  // namespace app
