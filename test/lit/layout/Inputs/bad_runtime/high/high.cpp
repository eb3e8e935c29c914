// As the map says.
#include "low/low.hpp"
