// The flame graph's script, as a raw string: plain JavaScript that any current browser runs
// from the SVG file itself, with no framework and no network.
#include "flamegraph_script.hpp"

namespace hotpath::flamegraph {
namespace {

constexpr std::string_view kScript = R"js(
// Interaction of the flame graph: details on hover, zoom on click, search by regular
// expression. The renderer stores what this needs in attributes: the layout and labels on
// the <svg> element (data-total, data-xpad, data-frame-width, data-char-width,
// data-text-pad, data-text-baseline, data-name-type, data-search-color), and on every
// frame's <g class="frame"> its name, count, first sample on the x axis (data-start) and
// depth (0 for the root). Positions are recomputed from those integers, never from text.
//
// URL parameters open a view directly, and follow the view as it changes:
//   ?s=REGEX   search for frames whose names match REGEX (a JavaScript regular expression,
//              URL-encoded)
//   ?x=X&y=Y   zoom onto the frame under the point (X, Y), in pixels of the unzoomed graph:
//              e.g. the middle of the frame's <rect> as written in the file
// Both can be combined: ?x=600&y=100&s=^std::
(function () {
  'use strict';
  var script = document.currentScript;
  var svg = (script && script.ownerSVGElement) || document.documentElement;
  var frameGroup = svg.querySelector('#frames');
  if (!frameGroup) return;

  function number(name) { return Number(svg.getAttribute(name)); }
  var total = number('data-total');
  var xpad = number('data-xpad');
  var frameWidth = number('data-frame-width');
  var charWidth = number('data-char-width');
  var textPad = number('data-text-pad');
  var textBaseline = number('data-text-baseline');
  var nameType = svg.getAttribute('data-name-type');
  var searchColor = svg.getAttribute('data-search-color');
  var details = svg.querySelector('#details');
  var matched = svg.querySelector('#matched');
  var unzoomControl = svg.querySelector('#unzoom');
  var searchControl = svg.querySelector('#search');

  var frames = [];
  var frameOf = new Map();
  Array.prototype.forEach.call(frameGroup.querySelectorAll('g.frame'), function (g) {
    var rect = g.querySelector('rect');
    var frame = {
      g: g,
      rect: rect,
      text: g.querySelector('text'),
      name: g.getAttribute('data-name'),
      label: g.querySelector('title').textContent,
      count: Number(g.getAttribute('data-count')),
      start: Number(g.getAttribute('data-start')),
      depth: Number(g.getAttribute('data-depth')),
      x: Number(rect.getAttribute('x')),
      y: Number(rect.getAttribute('y')),
      width: Number(rect.getAttribute('width')),
      height: Number(rect.getAttribute('height')),
      fill: rect.getAttribute('fill')
    };
    frames.push(frame);
    frameOf.set(g, frame);
  });
  var zoomed = null;
  var searchTerm = null;

  // The same rule as the renderer's: whole characters of a fixed advance, ".." when cut,
  // nothing when fewer than three fit.
  function fit(name, width) {
    var room = Math.floor((width - 2 * textPad) / charWidth);
    if (room < 3) return '';
    if (name.length <= room) return name;
    var characters = Array.from(name);
    if (characters.length <= room) return name;
    return characters.slice(0, room - 2).join('') + '..';
  }

  function place(frame, x, width) {
    frame.rect.setAttribute('x', x.toFixed(2));
    frame.rect.setAttribute('width', width.toFixed(2));
    var label = fit(frame.name, width);
    if (!frame.text) {
      // Frames too narrow for a label have no <text> in the file.
      if (!label) return;
      frame.text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
      frame.text.setAttribute('y', (frame.y + textBaseline).toFixed(2));
      frame.g.appendChild(frame.text);
    }
    frame.text.setAttribute('x', (x + textPad).toFixed(2));
    frame.text.textContent = label;
  }

  // Lays the frames out so that `root` spans the full width: its descendants scale with it,
  // its ancestors stay full width and are marked, every other frame is hidden. Frames nest
  // on the x axis, so the sample ranges tell descendants and ancestors apart exactly.
  function layOut(root) {
    var start = root ? root.start : 0;
    var span = root ? root.count : total;
    var depth = root ? root.depth : 0;
    frames.forEach(function (frame) {
      var classes = frame.g.classList;
      if (frame.depth >= depth && frame.start >= start &&
          frame.start + frame.count <= start + span) {
        classes.remove('hide', 'ancestor');
        place(frame, xpad + (frame.start - start) / span * frameWidth,
              frame.count / span * frameWidth);
      } else if (frame.depth < depth && frame.start <= start &&
                 frame.start + frame.count >= start + span) {
        classes.remove('hide');
        classes.add('ancestor');
        place(frame, xpad, frameWidth);
      } else {
        classes.add('hide');
      }
    });
  }

  function updateUrl() {
    var params = new URLSearchParams(window.location.search);
    if (zoomed) {
      params.set('x', (zoomed.x + zoomed.width / 2).toFixed(2));
      params.set('y', (zoomed.y + zoomed.height / 2).toFixed(2));
    } else {
      params.delete('x');
      params.delete('y');
    }
    if (searchTerm !== null) params.set('s', searchTerm);
    else params.delete('s');
    var query = params.toString();
    try {
      window.history.replaceState(window.history.state, '',
                                  query ? '?' + query : window.location.pathname);
    } catch (error) {
      // Some contexts (sandboxed frames, some file: URLs) refuse; the view still works.
    }
  }

  function zoom(frame) {
    zoomed = frame && frame.depth > 0 ? frame : null;
    layOut(zoomed);
    unzoomControl.classList.toggle('hide', !zoomed);
    updateUrl();
  }

  function search(term) {
    var pattern;
    try {
      pattern = new RegExp(term);
    } catch (error) {
      window.alert('Not a regular expression: ' + term);
      return;
    }
    searchTerm = term;
    var matches = [];
    frames.forEach(function (frame) {
      var match = pattern.test(frame.name);
      frame.rect.setAttribute('fill', match ? searchColor : frame.fill);
      frame.g.classList.toggle('match', match);
      if (match) matches.push(frame);
    });
    // A match inside another match (after it in this order: by start, parents first)
    // adds no samples of its own.
    matches.sort(function (a, b) { return a.start - b.start || a.depth - b.depth; });
    var covered = 0;
    var end = 0;
    matches.forEach(function (frame) {
      if (frame.start < end) return;
      covered += frame.count;
      end = frame.start + frame.count;
    });
    matched.textContent = 'Matched: ' + (100 * covered / total).toFixed(1) + '%';
    matched.classList.remove('hide');
    searchControl.textContent = 'Reset Search';
    updateUrl();
  }

  function resetSearch() {
    searchTerm = null;
    frames.forEach(function (frame) {
      frame.rect.setAttribute('fill', frame.fill);
      frame.g.classList.remove('match');
    });
    matched.classList.add('hide');
    searchControl.textContent = 'Search';
    updateUrl();
  }

  function promptSearch() {
    var term = window.prompt('Search for frames matching a regular expression:',
                             searchTerm === null ? '' : searchTerm);
    if (term) search(term);
  }

  function frameAt(event) {
    var g = event.target.closest ? event.target.closest('g.frame') : null;
    return g ? frameOf.get(g) : undefined;
  }

  frameGroup.addEventListener('mouseover', function (event) {
    var frame = frameAt(event);
    if (frame) details.textContent = nameType + ' ' + frame.label;
  });
  frameGroup.addEventListener('mouseout', function () { details.textContent = ' '; });
  frameGroup.addEventListener('click', function (event) {
    var frame = frameAt(event);
    if (frame) zoom(frame);
  });
  unzoomControl.addEventListener('click', function () { zoom(null); });
  searchControl.addEventListener('click', function () {
    if (searchTerm === null) promptSearch();
    else resetSearch();
  });
  window.addEventListener('keydown', function (event) {
    var key = event.key || '';
    if (((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'f') || key === 'F3') {
      event.preventDefault();
      promptSearch();
    } else if (key === 'Escape') {
      zoom(null);
    }
  });

  var params = new URLSearchParams(window.location.search);
  if (params.has('x') && params.has('y')) {
    var x = Number(params.get('x'));
    var y = Number(params.get('y'));
    var target = frames.find(function (frame) {
      return x >= frame.x && x <= frame.x + frame.width && y >= frame.y &&
             y <= frame.y + frame.height;
    });
    if (target) zoom(target);
  }
  if (params.get('s')) search(params.get('s'));
})();
)js";

}  // namespace

std::string_view flamegraph_script() noexcept { return kScript; }

}  // namespace hotpath::flamegraph
