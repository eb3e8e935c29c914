/* Empty hooks for a build with -finstrument-functions: the compiler calls them on
   entry to and exit from every function, and they do nothing, so the build's run
   time less the uninstrumented one is the price of the calls alone. This file is
   compiled without the flag, and separately, so that the calls cannot be inlined
   away. */

__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void* function,
                                                                      void* call_site) {
  (void)function;
  (void)call_site;
}

__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void* function,
                                                                     void* call_site) {
  (void)function;
  (void)call_site;
}
