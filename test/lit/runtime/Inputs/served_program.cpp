// The program the live page and console tests serve: three measured functions,
// called 3, 7 and 40 times, then a wait for the file argv[1] names (at most a
// minute) while the tests look at it.
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <fstream>
#include <thread>

namespace app {

HOTPATH_NOINLINE void slow() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
}

HOTPATH_NOINLINE void medium() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

HOTPATH_NOINLINE void fast() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::microseconds(100));
}

}  // namespace app

// argv[1]: the file whose existence ends the program.
int main(int, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 3; ++i) app::slow();
  for (int i = 0; i < 7; ++i) app::medium();
  for (int i = 0; i < 40; ++i) app::fast();
  for (int i = 0; i < 6000 && !std::ifstream(argv[1]).good(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}
