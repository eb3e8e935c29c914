#define WORK_NAMESPACE beta
#include "work.hpp"

int run_alpha(int n);
int helpers_helper(int n);

int main(int argc, char**) {
  return beta::work(argc) + run_alpha(argc) + helpers_helper(argc) == 3 ? 0 : 1;
}
