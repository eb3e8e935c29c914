// Which names in a request stand for this machine: the Host header and the Origin
// of a page. A server bound to the loopback interface answers only requests that
// name a loopback host, so that a page of another site, whose name was made to
// resolve to 127.0.0.1 (DNS rebinding), cannot read it.
#ifndef HOTPATH_RUNTIME_LIVE_LOCAL_HOSTS_HPP
#define HOTPATH_RUNTIME_LIVE_LOCAL_HOSTS_HPP

#include <string>

namespace hotpath::live {

/// True for a loopback host, in any case: `localhost`, an IPv4 address of
/// 127.0.0.0/8, or `[::1]` (bracketed, as in a URL) and `::1`.
bool is_loopback_host(std::string host);

/// True for HOST or HOST:PORT (a Host header) where HOST is a loopback host.
bool is_loopback_authority(const std::string& authority);

/// True for the Origin of a page served by this machine: http(s)://HOST[:PORT] with
/// a loopback HOST.
bool is_loopback_origin(std::string origin);

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_LOCAL_HOSTS_HPP
