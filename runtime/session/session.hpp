// Internal side of the report session: producing a report now, and the report
// made at exit when no session reported.
#ifndef HOTPATH_RUNTIME_SESSION_HPP
#define HOTPATH_RUNTIME_SESSION_HPP

#include <cstdint>

#include "core/registry.hpp"
#include "session/session_settings.hpp"

namespace hotpath::detail {

/// Builds the report of what was measured since `baseline` (a snapshot taken when
/// a session opened; null: since the program started) and writes it as
/// `settings` says. Never throws; failures are explained on stderr.
void produce_report(const SessionSettings& settings, std::uint64_t wall_ticks,
                    const RegistrySnapshot* baseline) noexcept;

/// Writes the report so far where the report at the end goes (the open session's
/// settings, or the environment's), without ending anything: HOTPATH_DUMP_SIGNAL.
/// Never throws; failures are explained on stderr.
void dump_report() noexcept;

/// The report of a program that is being killed (termination_report.hpp): the
/// active session's, or the report at exit when no session was opened.
void report_at_termination() noexcept;

/// Whether the report at exit is made when no session was ever opened (tests
/// turn it off).
void set_exit_report_enabled(bool enabled) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SESSION_HPP
