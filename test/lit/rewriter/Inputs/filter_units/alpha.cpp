#define WORK_NAMESPACE alpha
#include "work.hpp"

#include "helpers.cpp"

int run_alpha(int n) { return alpha::work(n) + helper(n); }
