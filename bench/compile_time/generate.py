#!/usr/bin/env python3
"""Writes the translation units of the compile-time benchmark (run.sh).

Three versions of one generated TU, identical but for the instrumentation:
  annotated.cpp  200 functions marked [[hotpath::measure]] (for the plugin)
  guarded.cpp    the same 200 functions with the guard the plugin injects written
                 by hand: a static hotpath::Site and a hotpath::ScopeGuard
  plain.cpp      no attributes and no guards

The functions are a mix of free functions, member functions (defined in and out
of the class) and templates (function templates and members of class templates,
each explicitly instantiated for two types). Every function is emitted, so the
code generator sees all of them.

    generate.py OUTPUT_DIR
"""

import pathlib
import sys

FREE_FUNCTIONS = 130
CLASSES = 10  # 5 annotated members each: 3 defined in the class, 2 outside
FUNCTION_TEMPLATES = 5
CLASS_TEMPLATES = 5  # 3 annotated members each
TEMPLATE_TYPES = ("int", "double")


def guard(variant, name):
    """The first line of a measured function's body, per variant."""
    if variant != "guarded":
        return []
    return [
        f'  static hotpath::Site hotpath_site("{name}", __PRETTY_FUNCTION__, __FILE__, __LINE__);',
        "  hotpath::ScopeGuard hotpath_guard(hotpath_site);",
    ]


def attribute(variant):
    return "[[hotpath::measure]] " if variant == "annotated" else ""


def free_function(variant, index):
    name = f"f_{index:03d}"
    callee = f"f_{index - 1:03d}(x >> 1)" if index > 0 else "x"
    return [
        f"{attribute(variant)}std::uint64_t {name}(std::uint64_t x) {{",
        *guard(variant, f"gen::{name}"),
        f"  std::uint64_t acc = x ^ {0x9E3779B97F4A7C15 + index * 7919:#x}u;",
        f"  for (std::uint64_t i = 0; i < (x & {index % 7 + 3}u); ++i) acc = acc * 31u + i;",
        f"  if (acc % {index % 5 + 2}u == 0) acc += {callee};",
        "  return acc;",
        "}",
        "",
    ]


def class_definition(variant, index):
    cls = f"Shape_{index:02d}"
    qualified = f"gen::{cls}"
    attr = attribute(variant)
    return [
        f"class {cls} {{",
        " public:",
        f"  explicit {cls}(int seed) : values_(8, seed), label_(\"shape {index}\") {{}}",
        "",
        f"  {attr}int sum() const {{",
        *["  " + line for line in guard(variant, f"{qualified}::sum")],
        "    int total = 0;",
        "    for (int value : values_) total += value;",
        "    return total;",
        "  }",
        "",
        f"  {attr}void scale(int factor) {{",
        *["  " + line for line in guard(variant, f"{qualified}::scale")],
        "    std::transform(values_.begin(), values_.end(), values_.begin(),",
        "                   [factor](int value) { return value * factor; });",
        "  }",
        "",
        f"  {attr}std::string describe() const {{",
        *["  " + line for line in guard(variant, f"{qualified}::describe")],
        "    return label_ + \": \" + std::to_string(sum());",
        "  }",
        "",
        f"  {attr}void append(int value);",
        f"  {attr}int largest() const;",
        "",
        " private:",
        "  std::vector<int> values_;",
        "  std::string label_;",
        "};",
        "",
        f"void {cls}::append(int value) {{",
        *guard(variant, f"{qualified}::append"),
        "  values_.push_back(value);",
        "  if (values_.size() > 64) values_.erase(values_.begin());",
        "}",
        "",
        f"int {cls}::largest() const {{",
        *guard(variant, f"{qualified}::largest"),
        "  if (values_.empty()) return 0;",
        "  return *std::max_element(values_.begin(), values_.end());",
        "}",
        "",
        f"std::string use_{cls}(int seed) {{",
        f"  {cls} shape(seed);",
        "  shape.scale(3);",
        "  shape.append(seed + 1);",
        "  return shape.describe() + std::to_string(shape.largest());",
        "}",
        "",
    ]


def function_template(variant, index):
    name = f"mix_{index}"
    return [
        "template <typename T>",
        f"{attribute(variant)}T {name}(const std::vector<T>& values, T bias) {{",
        *guard(variant, f"gen::{name}"),
        "  T total = bias;",
        f"  for (const T& value : values) total = total + value * static_cast<T>({index + 2});",
        "  return total;",
        "}",
        *[f"template {t} {name}<{t}>(const std::vector<{t}>&, {t});" for t in TEMPLATE_TYPES],
        "",
    ]


def class_template(variant, index):
    cls = f"Accumulator_{index}"
    qualified = f"gen::{cls}"
    attr = attribute(variant)
    return [
        "template <typename T>",
        f"class {cls} {{",
        " public:",
        f"  {attr}void add(T value) {{",
        *["  " + line for line in guard(variant, f"{qualified}::add")],
        "    values_.push_back(value);",
        "    sum_ = sum_ + value;",
        "  }",
        "",
        f"  {attr}T mean() const {{",
        *["  " + line for line in guard(variant, f"{qualified}::mean")],
        "    return values_.empty() ? T() : sum_ / static_cast<T>(values_.size());",
        "  }",
        "",
        f"  {attr}void reset();",
        "",
        " private:",
        "  std::vector<T> values_;",
        "  T sum_ = T();",
        "};",
        "",
        "template <typename T>",
        f"void {cls}<T>::reset() {{",
        *guard(variant, f"{qualified}::reset"),
        "  values_.clear();",
        "  sum_ = T();",
        "}",
        *[f"template class {cls}<{t}>;" for t in TEMPLATE_TYPES],
        "",
    ]


def translation_unit(variant):
    lines = [
        f"// Generated by bench/compile_time/generate.py: the '{variant}' version of the",
        "// compile-time benchmark's translation unit. Do not edit.",
        "#include <algorithm>",
        "#include <cstdint>",
        "#include <string>",
        "#include <vector>",
        "",
        "namespace gen {",
        "",
    ]
    for index in range(FREE_FUNCTIONS):
        lines += free_function(variant, index)
    for index in range(CLASSES):
        lines += class_definition(variant, index)
    for index in range(FUNCTION_TEMPLATES):
        lines += function_template(variant, index)
    for index in range(CLASS_TEMPLATES):
        lines += class_template(variant, index)
    lines += ["}  // namespace gen", ""]
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py OUTPUT_DIR")
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    annotated_count = FREE_FUNCTIONS + CLASSES * 5 + FUNCTION_TEMPLATES + CLASS_TEMPLATES * 3
    for variant in ("annotated", "guarded", "plain"):
        text = translation_unit(variant)
        path = out / f"{variant}.cpp"
        path.write_text(text)
        count = text.count("[[hotpath::measure]]") + text.count("hotpath::ScopeGuard")
        print(f"{path}: {text.count(chr(10))} lines, {count} measured functions")
        assert variant == "plain" or count == annotated_count, (variant, count)


if __name__ == "__main__":
    main()
