// Part of names_three_ways.cpp's program.
#include "names.h"

[[hotpath::main]] int main() {
  app::Formatter{}.go();
  app::Counter counter;
  counter.get();
  counter.get();
  const app::Counter& same = counter;
  same.get();
  counter.reset();
  app::Counter{}.reset();
  app::call(app::Tick{3});
  app::Tick tick;
  const int written = app::Writer<app::Tick*>{}.write() + app::Writer<int>{}.write();
  const auto square = [](int x) { return x * x; };
  app::print("main");
  const int checked = app::check<long>(1) + app::check(2.0) + app::Tagged<char, int>{}.get() +
                      app::Format<app::View<int>, long>{}.size() - 2;
  const double twice = app::twice_both(3) + app::twice_both(2.5f);
  const app::FormatString<char, std::tuple<int, std::string>&> format("{}");
  const char* const words[2] = {"a", "b"};
  const bool mapped = *app::Mapper<app::Narrow>{}.map("n") == 'n' &&
                      app::Mapper<app::Wide>{}.length(L"ww") == 2 &&
                      *app::Mapper<app::Wide>{}.map(L"w") == L'w';
  app::detail::ParseContext<char, app::detail::error_handler> context{'c'};
  const int shown = app::parse(context) + app::Show<app::Joined<int*, char>>{}.show();
  app::Buffer<char> chars;
  app::Buffer<int, 7> ints;
  const int filled = app::fill(chars) + app::fill(ints) + app::grow(chars) +
                     app::check_with<app::detail::checker>(3) - app::count_handlers<>() +
                     app::count_handlers<app::detail::checker, app::Joined>() - 3 +
                     app::characters<'\n', -5, 200, -3>() - 202;
  const int bounds[3] = {1, 2, 3};
  int* const none = app::Handle{};
  const int referred =
      app::by_reference(bounds) + app::by_reference(&app::Formatter::go) + (none == nullptr);
  const int total = app::from_a() + app::from_b() + static_cast<int>(app::count_digits(42u));
  return total > 0 && referred == 3 && twice > 0 && square(2) == 4 && written == 1 &&
                 checked == 2 && filled == 6 && format.text[0] == '{' && shown == 2 && mapped &&
                 app::same(words)[1] == words[1] && tick.step == 1
             ? 0
             : 1;
}
