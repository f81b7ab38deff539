// What daimyo's pages share (the game's and the tournament's): elements made with their text
// and attributes set, never markup, and points from twelfths as `daimyo show` prints them.
const dom = (function () {
  'use strict';
  const SVG = 'http://www.w3.org/2000/svg';
  function el(tag, props, kids) {
    const e = document.createElement(tag);
    setProps(e, props);
    for (const k of kids || []) if (k) e.appendChild(k);
    return e;
  }
  function svg(tag, props, kids) {
    const e = document.createElementNS(SVG, tag);
    setProps(e, props);
    for (const k of kids || []) if (k) e.appendChild(k);
    return e;
  }
  function setProps(e, props) {
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = String(v);
      else if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
      else e.setAttribute(k === 'cls' ? 'class' : k, String(v));
    }
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
  const $ = (id) => document.getElementById(id);
  // Points from twelfths, as `daimyo show` prints them: +4, -2.5, +1.33.
  function points(x12) {
    const sign = x12 < 0 ? '-' : '+';
    const a = Math.abs(x12);
    if (a % 12 === 0) return sign + a / 12;
    return sign + (a / 12).toFixed(2).replace(/0+$/, '');
  }
  return { el, svg, clear, $, points };
})();
