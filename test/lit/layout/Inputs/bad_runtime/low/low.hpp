// Includes upward.
#include "high/high.hpp"
