// Loopback names (see the header). The checks parse strictly: anything that is not
// plainly a loopback name, such as `127.0.0.1.evil.example`, is not one.
#include "live/local_hosts.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace hotpath::live {
namespace {

bool all_digits(const std::string& text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// 127.a.b.c, each part a number of at most three digits up to 255.
bool is_loopback_ipv4(const std::string& host) {
  if (host.rfind("127.", 0) != 0) return false;
  int parts = 0;
  std::size_t start = 0;
  while (start <= host.size()) {
    const std::size_t end = std::min(host.find('.', start), host.size());
    const std::string part = host.substr(start, end - start);
    if (part.empty() || part.size() > 3 || !all_digits(part) || std::stoi(part) > 255) return false;
    ++parts;
    start = end + 1;
  }
  return parts == 4;
}

}  // namespace

bool is_loopback_host(std::string host) {
  host = lowercase(std::move(host));
  return host == "localhost" || host == "[::1]" || host == "::1" || is_loopback_ipv4(host);
}

bool is_loopback_authority(const std::string& authority) {
  // [::1]:6770 has its colons inside brackets; 127.0.0.1:6770 one, before the port.
  const std::size_t host_end = !authority.empty() && authority.front() == '['
                                   ? std::min(authority.find(']'), authority.size() - 1) + 1
                                   : std::min(authority.find(':'), authority.size());
  const std::string host = authority.substr(0, host_end);
  const std::string port = authority.substr(host_end);
  const bool port_ok = port.empty() || (port.size() > 1 && port.size() <= 6 && port[0] == ':' &&
                                        all_digits(port.substr(1)));
  return port_ok && is_loopback_host(host);
}

bool is_loopback_origin(std::string origin) {
  origin = lowercase(std::move(origin));
  for (const char* scheme : {"http://", "https://"}) {
    const std::string prefix(scheme);
    if (origin.rfind(prefix, 0) == 0) return is_loopback_authority(origin.substr(prefix.size()));
  }
  return false;
}

}  // namespace hotpath::live
