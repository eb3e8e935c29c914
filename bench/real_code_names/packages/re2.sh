# RE2 2022-06-01 (Debian source package re2): the regular expression library (re2/:
# the parser, the Walker templates that recurse on the parsed expression, the
# compiler and its matchers: NFA, DFA, one-pass, bit-state) and its tests (their
# own framework, util/test.cc). The Debian sources lack the generated tables
# (perl_groups.cc, unicode_*.cc): pkg_configure makes them, the Unicode ones from
# Debian's unicode-data, as debian/rules does (REBUILD_TABLES=1).
# Workload:
#  - the 14 tests that Debian's `make test` runs for the static library (charclass_test
#    to string_generator_test); the "big tests" (dfa_test, exhaustive*_test, built
#    but not run) take minutes each uninstrumented;
#  - random_test, one of the big tests, on a subset: five times 20 random
#    expressions of fixed seeds instead of 100, each parsed, compiled and matched
#    against 50 random strings instead of 100 by every matcher (backtracker, NFA,
#    DFA, one-pass, bit-state, RE2) in every anchoring, the results compared: about
#    1.7 s uninstrumented. Whole (14 s uninstrumented) it ran out of the 300 s
#    TIMEOUT instrumented: measure-all counts every call of re2's small SparseSet
#    and SparseArray templates (re2_test alone, 0.2 s, makes 119 million calls of
#    SparseSetT::max_size, instrumented 9 s). Its flags --regexpcount
#    and --stringcount cannot be given (util/test.cc parses no arguments), so
#    pkg_configure changes their defaults in the copy, in all four builds.
#    Single-threaded, its seeds fixed: the same calls in every run, the process
#    checked by bench/real_code_cost (PKG_EXACT).
# shellcheck shell=bash disable=SC2034  # PKG_DEPS and PKG_EXACT are read by the scripts

PKG_DEPS=(cmake python3 python3-six unicode-data)
PKG_EXACT=random_test

pkg_configure() {
  (cd "$1/re2" && perl make_perl_groups.pl > perl_groups.cc &&
    python3 make_unicode_casefold.py > unicode_casefold.cc &&
    python3 make_unicode_groups.py > unicode_groups.cc) || return 1
  sed -i -e 's/^DEFINE_FLAG(int, regexpcount, 100,/DEFINE_FLAG(int, regexpcount, 20,/' \
    -e 's/^DEFINE_FLAG(int, stringcount, 100,/DEFINE_FLAG(int, stringcount, 50,/' \
    "$1/re2/testing/random_test.cc"
  [[ $(grep -cE '^DEFINE_FLAG\(int, (regexpcount, 20|stringcount, 50),' "$1/re2/testing/random_test.cc") == 2 ]] ||
    { echo "re2.sh: the counts of random_test.cc were not found" >&2; return 1; }
  cmake_configure "$1" "$2" -DRE2_BUILD_TESTING=ON
}

pkg_workload() {
  local build=$1 test
  for test in charclass_test compile_test filtered_re2_test mimics_pcre_test parse_test \
    possible_match_test re2_test re2_arg_test regexp_test required_prefix_test search_test \
    set_test simplify_test string_generator_test; do
    [[ -x $build/$test ]] && (cd "$build" && measure "$test" "$build/$test")
  done
  [[ -x $build/random_test ]] &&
    (cd "$build" && measure random_test "$build/random_test")
  return 0
}
