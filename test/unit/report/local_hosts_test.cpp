// The loopback names the live server accepts in a Host header and an Origin, and
// the look-alikes it refuses.
#include "live/local_hosts.hpp"

#include <gtest/gtest.h>

namespace hotpath::live {
namespace {

TEST(LocalHosts, LoopbackHosts) {
  for (const char* host :
       {"localhost", "LocalHost", "127.0.0.1", "127.1.2.3", "127.255.255.255", "[::1]", "::1"}) {
    EXPECT_TRUE(is_loopback_host(host)) << host;
  }
  for (const char* host :
       {"", "evil.example", "localhost.evil.example", "127.0.0.1.evil.example", "127.0.0.256",
        "127.0.0", "127.0.0.1.", "127.0.0.0001", "128.0.0.1", "0.0.0.0", "[::2]", "10.0.0.1"}) {
    EXPECT_FALSE(is_loopback_host(host)) << host;
  }
}

// The Host header a client sends: the server's name and, unless default, its port.
TEST(LocalHosts, HostHeaders) {
  for (const char* authority :
       {"localhost", "localhost:6770", "127.0.0.1:6770", "127.0.0.1", "[::1]:6770", "[::1]"}) {
    EXPECT_TRUE(is_loopback_authority(authority)) << authority;
  }
  for (const char* authority :
       {"", "evil.example:6770", "127.0.0.1.evil.example:6770", "localhost:", "localhost:abc",
        "localhost:1234567", "::1:6770", "[::1", "localhost:6770/path", ":6770"}) {
    EXPECT_FALSE(is_loopback_authority(authority)) << authority;
  }
}

// A page elsewhere whose name resolves to 127.0.0.1 sends its own Origin.
TEST(LocalHosts, Origins) {
  for (const char* origin : {"http://localhost", "http://localhost:3000", "http://127.0.0.1:6770",
                             "https://127.1.2.3", "http://[::1]:8080", "HTTP://LOCALHOST"}) {
    EXPECT_TRUE(is_loopback_origin(origin)) << origin;
  }
  for (const char* origin :
       {"http://evil.example", "http://localhost.evil.example", "http://127.0.0.1.evil.example",
        "http://127.0.0.256", "null", "", "file://", "http://localhost:abc",
        "http://localhost:80/path", "http://[::2]", "ftp://localhost"}) {
    EXPECT_FALSE(is_loopback_origin(origin)) << origin;
  }
}

}  // namespace
}  // namespace hotpath::live
