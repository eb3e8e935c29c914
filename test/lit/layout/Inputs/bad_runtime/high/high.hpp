// Includes by bare name.
#include "hotpath/site.hpp"
#include "low.hpp"
