// The live page served at / (runtime/live/web/index.html, compiled in).
#ifndef HOTPATH_RUNTIME_LIVE_LIVE_PAGE_HPP
#define HOTPATH_RUNTIME_LIVE_LIVE_PAGE_HPP

namespace hotpath::live {

/// The whole page, HTML with its style and script inline.
extern const char* const kLivePage;

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_LIVE_PAGE_HPP
