// Resolving sites' signatures on several threads (see the header).
#include "naming/site_signatures.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "hotpath/detail/recording.hpp"
#include "naming/name_registrations.hpp"
#include "own_threads/own_thread.hpp"

namespace hotpath::detail {
namespace {

/// Threads beyond this many save little: the report's other work is one thread's.
constexpr unsigned kMaxThreads = 4;
/// Fewer sites than this a thread are named on the calling thread alone.
constexpr std::size_t kSitesPerThread = 256;

/// One thread's share: the wanted sites from `begin` to `end`, with registrations
/// of its own (their caches are for one thread).
struct Share {
  const std::vector<const SiteRecord*>* sites;
  const std::vector<bool>* wanted;
  std::vector<SiteSignature>* signatures;
  std::size_t begin;
  std::size_t end;
  NameRegistrations registrations;
  std::exception_ptr failure;
};

void name_share(Share& share) noexcept {
  RuntimeScope runtime;  // the runtime's allocations, not the program's
  try {
    names::BindingsCache bindings;
    for (std::size_t index = share.begin; index < share.end; ++index) {
      if (!(*share.wanted)[index]) continue;
      (*share.signatures)[index] =
          signature_of(*(*share.sites)[index], &share.registrations, &bindings);
    }
  } catch (...) {
    share.failure = std::current_exception();
  }
}

void* run_share(void* share) {
  name_share(*static_cast<Share*>(share));
  return nullptr;
}

unsigned threads_for(std::size_t wanted_sites) {
  // A forked child may hold a lock of its parent's other threads: no thread there.
  if (in_forked_child()) return 1;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t by_work = wanted_sites / kSitesPerThread + 1;
  return static_cast<unsigned>(std::min<std::size_t>({cores, kMaxThreads, by_work}));
}

/// The signatures resolved by earlier reports, by site index: a site's signature
/// depends only on the site and on the registrations, which only grow, so they
/// stay right while no translation unit registers more.
struct SignatureCache {
  std::mutex mutex;
  std::size_t registrations = static_cast<std::size_t>(-1);
  std::vector<std::optional<SiteSignature>> by_site;
};

/// Never destroyed: a report may be taken while the program exits.
SignatureCache& signature_cache() {
  static auto* const cache = new SignatureCache;
  return *cache;
}

/// Resolves the wanted sites' signatures, on several threads when there are many.
std::vector<SiteSignature> resolve_signatures(const std::vector<const SiteRecord*>& sites,
                                              const std::vector<bool>& wanted) {
  std::vector<SiteSignature> signatures(sites.size());
  const NameRegistrations registrations{registered_template_defaults(),
                                        registered_lambda_locations()};
  const unsigned threads =
      threads_for(static_cast<std::size_t>(std::count(wanted.begin(), wanted.end(), true)));
  std::vector<Share> shares;
  shares.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) {
    shares.push_back({&sites, &wanted, &signatures, sites.size() * i / threads,
                      sites.size() * (i + 1) / threads, registrations, nullptr});
  }
  // The first share is the calling thread's, and so is any whose thread did not start.
  std::vector<pthread_t> started;
  std::vector<Share*> here = {&shares[0]};
  for (unsigned i = 1; i < threads; ++i) {
    pthread_t thread;
    if (start_thread_without_signals(thread, nullptr, run_share, &shares[i])) {
      started.push_back(thread);
    } else {
      here.push_back(&shares[i]);
    }
  }
  for (Share* share : here) name_share(*share);
  for (pthread_t thread : started) pthread_join(thread, nullptr);
  for (const Share& share : shares) {
    if (share.failure) std::rethrow_exception(share.failure);
  }
  return signatures;
}

}  // namespace

std::vector<SiteSignature> signatures_of_sites(const std::vector<const SiteRecord*>& sites,
                                               const std::vector<bool>& wanted, bool registered) {
  if (!registered) return resolve_signatures(sites, wanted);
  SignatureCache& cache = signature_cache();
  // Held while resolving: two reports at once would resolve the same sites twice.
  const std::lock_guard<std::mutex> lock(cache.mutex);
  const std::size_t registrations = registered_entry_count();
  if (registrations != cache.registrations) {
    cache.by_site.clear();
    cache.registrations = registrations;
  }
  if (cache.by_site.size() < sites.size()) cache.by_site.resize(sites.size());
  std::vector<bool> missing(sites.size());
  for (std::size_t index = 0; index < sites.size(); ++index)
    missing[index] = wanted[index] && !cache.by_site[index].has_value();
  std::vector<SiteSignature> signatures = resolve_signatures(sites, missing);
  for (std::size_t index = 0; index < sites.size(); ++index) {
    if (missing[index]) {
      cache.by_site[index] = signatures[index];
    } else if (wanted[index]) {
      signatures[index] = *cache.by_site[index];
    }
  }
  return signatures;
}

}  // namespace hotpath::detail
