/**
 * What axe misses: text whose colour is transparent, or so translucent that it takes its contrast
 * from whatever is behind it. axe skips such text (it cannot tell what the reader sees), so an
 * orange pill with `color: transparent` passed every axe run while readers saw an empty shape.
 *
 * `textContrastProblems` runs in the page (Playwright serialises it, so it uses nothing from
 * outside its own body). For every element with a visible text node of its own it reads the
 * computed text colour, multiplies its alpha by the opacity of the element and its ancestors,
 * composites the backgrounds of the element and its ancestors (down to the first opaque one, or
 * the white canvas), and checks the two things WCAG 1.4.3 (AA) needs:
 * - the text colour is opaque enough (alpha at least `minimumAlpha`), so that the reader sees
 *   the colour the page chose and not the background through it;
 * - the contrast of the composited text colour on that background is at least 4.5:1, or 3:1 for
 *   large text (24px, or 18.66px and bold).
 *
 * Text it cannot judge this way is counted, not checked: text inside SVG (diagrams, whose
 * backgrounds are SVG shapes; axe checks them) and text over a background image or gradient.
 */

export interface TextContrastProblem {
  /** A readable path to the element: tag, id and classes of it and two ancestors. */
  element: string;
  text: string;
  color: string;
  background: string;
  /** The text colour's alpha after the opacity of the element and its ancestors. */
  alpha: number;
  contrast: number;
  required: number;
}

export interface TextContrastReport {
  /** Elements with visible text that were checked. */
  checked: number;
  /** Elements with visible text that could not be judged (SVG text, text over images). */
  skipped: number;
  problems: TextContrastProblem[];
}

export function textContrastProblems({ minimumAlpha }: { minimumAlpha: number }): TextContrastReport {
  type Rgba = [number, number, number, number];

  function parseColour(value: string): Rgba {
    const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
    if (rgb) {
      const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? Number(rgb[4].slice(0, -1)) / 100 : Number(rgb[4]);
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha];
    }
    const srgb = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(value);
    if (srgb) {
      return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
    }
    if (value === 'transparent') {
      return [0, 0, 0, 0];
    }
    // A colour syntax this check does not know must fail loudly, not pass unchecked.
    throw new Error(`textContrastProblems: cannot read the computed colour "${value}"`);
  }

  /** `top` drawn over the opaque `bottom`. */
  function over(top: Rgba, bottom: Rgba): Rgba {
    const a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  }

  function luminance([r, g, b]: Rgba): number {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  }

  function contrast(a: Rgba, b: Rgba): number {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  }

  const css = (colour: Rgba) => `rgba(${colour.map((value, index) => (index < 3 ? Math.round(value) : Number(value.toFixed(2)))).join(', ')})`;

  function describe(element: Element): string {
    const parts: string[] = [];
    for (let node: Element | null = element; node && parts.length < 3; node = node.parentElement) {
      const classes = [...node.classList].slice(0, 3).map((name) => `.${name}`).join('');
      parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`);
    }
    return parts.join(' > ');
  }

  /** The background the element's text is drawn on, or null when an image or gradient is part of it. */
  function background(element: Element): Rgba | null {
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') {
        return null;
      }
      const colour = parseColour(style.backgroundColor);
      if (colour[3] > 0) {
        layers.push(colour);
      }
      if (colour[3] >= 1) {
        break;
      }
    }
    // Whatever no element paints is the canvas: white.
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  }

  function opacity(element: Element): number {
    let product = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      product *= Number(getComputedStyle(node).opacity);
    }
    return product;
  }

  /** Whether any part of the text node is drawn where a reader can see it. */
  function isVisible(text: Text, element: Element): boolean {
    if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) {
      return false;
    }
    const range = document.createRange();
    range.selectNodeContents(text);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 1 && rect.height > 1);
    if (rects.length === 0) {
      return false;
    }
    const pageWidth = document.documentElement.scrollWidth;
    const pageHeight = document.documentElement.scrollHeight;
    // Ancestors that clip their content for good (not scroll containers, whose content scrolls into view).
    const clips: DOMRect[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      // Visually hidden text (the sr-only pattern) is clipped away; `clip` is deprecated but still what that pattern uses.
      if (style.getPropertyValue('clip') !== 'auto' || style.clipPath !== 'none') {
        return false;
      }
      if (/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`) && node !== document.documentElement && node !== document.body) {
        clips.push(node.getBoundingClientRect());
      }
    }
    return rects.some((rect) => {
      const onPage = rect.right + scrollX > 0 && rect.left + scrollX < pageWidth && rect.bottom + scrollY > 0 && rect.top + scrollY < pageHeight;
      const inClips = clips.every((clip) => rect.right > clip.left && rect.left < clip.right && rect.bottom > clip.top && rect.top < clip.bottom);
      return onPage && inClips;
    });
  }

  const elements = new Map<Element, Text>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !elements.has(parent) && node.textContent?.trim() && !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'OPTION'].includes(parent.tagName)) {
      elements.set(parent, node as Text);
    }
  }

  const report: TextContrastReport = { checked: 0, skipped: 0, problems: [] };
  for (const [element, text] of elements) {
    if (!isVisible(text, element)) {
      continue;
    }
    const layerOpacity = opacity(element);
    // Nothing of it is painted: hidden on purpose (a control shown on hover), not unreadable.
    if (layerOpacity === 0) {
      continue;
    }
    const back = element.closest('svg') ? null : background(element);
    if (!back) {
      report.skipped++;
      continue;
    }
    report.checked++;
    const style = getComputedStyle(element);
    const colour = parseColour(style.color);
    const alpha = colour[3] * layerOpacity;
    const seen = over([colour[0], colour[1], colour[2], alpha], back);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const required = large ? 3 : 4.5;
    const ratio = contrast(seen, back);
    if (alpha < minimumAlpha || ratio < required) {
      report.problems.push({
        element: describe(element),
        text: (text.textContent ?? '').trim().slice(0, 60),
        color: style.color,
        background: css(back),
        alpha: Number(alpha.toFixed(2)),
        contrast: Number(ratio.toFixed(2)),
        required,
      });
    }
  }
  return report;
}
