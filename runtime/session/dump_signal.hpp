// HOTPATH_DUMP_SIGNAL: the report so far, written on a signal. The handler only
// sets a flag and wakes the background thread (background_work.hpp), which writes
// the report where the report at the end goes.
#ifndef HOTPATH_RUNTIME_DUMP_SIGNAL_HPP
#define HOTPATH_RUNTIME_DUMP_SIGNAL_HPP

namespace hotpath::detail {

/// Installs the handler of HOTPATH_DUMP_SIGNAL, unless the program already has one
/// for that signal (then says so on stderr). Called when libhotpath loads.
void install_dump_signal() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_DUMP_SIGNAL_HPP
