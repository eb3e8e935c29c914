// Includes by bare name.
#include "low.hpp"
#include "hotpath/site.hpp"
