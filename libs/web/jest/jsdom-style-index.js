// Where the front-end tests' time went: jsdom's getComputedStyle, which Testing Library's getByRole
// (visibility and accessible names), jest-dom's toBeVisible and axe call on element after element,
// tests every rule of every style sheet against the element, and antd (CSS-in-JS) writes thousands
// of rules. In a profile of the case form's spec, 28% of the CPU was that matching. A browser
// only tests a rule whose rightmost compound selector can match the element; this gives jsdom the
// same index: each rule is filed under the id or a class its rightmost compound requires, and an
// element is tested against the rules filed under its own id and classes and the rules that require
// neither, in the sheets' order. The rules tested are fewer; the ones that match, and the order they
// are applied in, are exactly jsdom's (PNSS_JSDOM_STYLE_INDEX_CHECK=1 makes every lookup check this
// against jsdom's full scan, and throws on a difference; PNSS_JSDOM_STYLE_INDEX=0 leaves jsdom as it is).
//
// It replaces jsdom's getDeclarationForElement (living/helpers/style-rules.js), a copy of jsdom's own
// with only the rule loop changed, before jsdom's Window reads it: import this module before
// jest-environment-jsdom. A jsdom whose internals differ from the version this was written for
// (26.1) keeps its own.
import { createRequire } from 'node:module';

const fromEnvironment = createRequire(createRequire(import.meta.url).resolve('jest-environment-jsdom'));
const jsdomRequire = createRequire(fromEnvironment.resolve('jsdom'));
const JSDOM_VERSION = '26.1.0';

/** A plain id or class name: anything else (escapes, non-ASCII) is filed under 'no key'. */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * The id ('#x') or class ('.x') an element must have for the complex selector to match it: read
 * from its rightmost compound, outside brackets and parentheses (`:not(.a)` requires nothing).
 * null when it requires neither, or when the selector is one this does not read with certainty.
 */
function keyOfComplex(selector) {
  let depth = 0;
  let quote = null;
  let compoundStart = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') return null;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '>' || c === '+' || c === '~')) {
      compoundStart = i + 1;
    }
  }
  if (depth !== 0 || quote) return null;
  let compound = '';
  depth = 0;
  for (const c of selector.slice(compoundStart)) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) compound += c;
  }
  if (compound.includes('|')) return null;
  let classKey = null;
  for (const match of compound.matchAll(/([#.])([^#.:\s]*)/g)) {
    const [, sigil, name] = match;
    if (!PLAIN_NAME.test(name)) return null;
    if (sigil === '#') return `#${name}`;
    classKey ??= `.${name}`;
  }
  return classKey;
}

/** The keys a rule is filed under (one per selector of its list), or null for 'no key'. */
function keysOfRule(rule) {
  const text = rule.selectorText;
  if (typeof text !== 'string') return null;
  const selectors = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') return null;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      selectors.push(text.slice(start, i));
      start = i + 1;
    }
  }
  selectors.push(text.slice(start));
  const keys = new Set();
  for (const selector of selectors) {
    const key = keyOfComplex(selector.trim());
    if (key === null) return null;
    keys.add(key);
  }
  return keys;
}

function install() {
  if (process.env.PNSS_JSDOM_STYLE_INDEX === '0') return;
  let version;
  try {
    version = jsdomRequire('jsdom/package.json').version;
  } catch {
    return;
  }
  if (version !== JSDOM_VERSION) return;
  const styleRules = jsdomRequire('jsdom/lib/jsdom/living/helpers/style-rules.js');
  const { matchesDontThrow } = jsdomRequire('jsdom/lib/jsdom/living/helpers/selectors.js');
  const defaultStyleSheet = jsdomRequire('jsdom/lib/jsdom/browser/default-stylesheet.js');
  const cssom = jsdomRequire('rrweb-cssom');
  const { CSSStyleDeclaration } = jsdomRequire('cssstyle');
  if (typeof styleRules.getDeclarationForElement !== 'function' || typeof matchesDontThrow !== 'function') return;

  // A sheet changed in place (insertRule, deleteRule) changes the index; a sheet added or removed
  // is seen by the signature below.
  let edits = 0;
  for (const proto of [cssom.CSSStyleSheet.prototype, cssom.CSSGroupingRule?.prototype]) {
    for (const method of ['insertRule', 'deleteRule']) {
      const original = proto?.[method];
      if (typeof original !== 'function') continue;
      proto[method] = function edited(...args) {
        edits++;
        return original.apply(this, args);
      };
    }
  }

  const { forEach, indexOf } = Array.prototype;
  const parsedDefault = cssom.parse(defaultStyleSheet);
  const checking = process.env.PNSS_JSDOM_STYLE_INDEX_CHECK === '1';

  /** jsdom's order of rules (style-rules.js forEachMatchingSheetRuleOfElement), flattened. */
  function rulesInOrder(sheets) {
    const rules = [];
    const handleSheet = (sheet) => {
      forEach.call(sheet.cssRules, (rule) => {
        if (rule.media) {
          if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, (inner) => rules.push(inner));
        } else {
          rules.push(rule);
        }
      });
    };
    handleSheet(parsedDefault);
    sheets.forEach(handleSheet);
    return rules;
  }

  function buildIndex(sheets) {
    const rules = rulesInOrder(sheets);
    const byKey = new Map();
    const unkeyed = [];
    rules.forEach((rule, at) => {
      const keys = keysOfRule(rule);
      if (keys === null) {
        unkeyed.push(at);
        return;
      }
      for (const key of keys) {
        let list = byKey.get(key);
        if (!list) byKey.set(key, (list = []));
        list.push(at);
      }
    });
    return { rules, byKey, unkeyed };
  }

  const indexes = new WeakMap();

  function indexOf_(document) {
    const sheets = document.styleSheets._list;
    const lengths = sheets.map((sheet) => sheet.cssRules.length);
    const cached = indexes.get(document);
    if (
      cached &&
      cached.edits === edits &&
      cached.sheets.length === sheets.length &&
      cached.sheets.every((sheet, i) => sheet === sheets[i] && cached.lengths[i] === lengths[i])
    ) {
      return cached.index;
    }
    const index = buildIndex(sheets);
    indexes.set(document, { sheets: [...sheets], lengths, edits, index });
    return index;
  }

  function forEachMatchingRule(elementImpl, handleRule) {
    const document = elementImpl._ownerDocument;
    if (document.compatMode !== 'CSS1Compat') {
      // Quirks mode matches ids and classes without regard to case: the full scan.
      rulesInOrder(document.styleSheets._list).forEach((rule) => {
        if (matchesDontThrow(elementImpl, rule.selectorText)) handleRule(rule);
      });
      return;
    }
    const { rules, byKey, unkeyed } = indexOf_(document);
    const candidates = [...unkeyed];
    const id = elementImpl.getAttributeNS(null, 'id');
    if (id) candidates.push(...(byKey.get(`#${id}`) ?? []));
    const classes = elementImpl.getAttributeNS(null, 'class');
    if (classes) {
      for (const name of new Set(classes.split(/\s+/))) if (name) candidates.push(...(byKey.get(`.${name}`) ?? []));
    }
    candidates.sort((a, b) => a - b);
    let previous = -1;
    const matched = [];
    for (const at of candidates) {
      if (at === previous) continue;
      previous = at;
      if (matchesDontThrow(elementImpl, rules[at].selectorText)) matched.push(rules[at]);
    }
    if (checking) {
      const full = rules.filter((rule) => matchesDontThrow(elementImpl, rule.selectorText));
      if (full.length !== matched.length || full.some((rule, i) => rule !== matched[i])) {
        throw new Error(`jsdom-style-index: the index matched other rules than jsdom for <${elementImpl.localName} class="${classes}">: ${matched.map((r) => r.selectorText).join(' | ')} != ${full.map((r) => r.selectorText).join(' | ')}`);
      }
    }
    matched.forEach(handleRule);
  }

  // jsdom's getDeclarationForElement (26.1), its rule loop replaced by forEachMatchingRule.
  styleRules.getDeclarationForElement = (elementImpl) => {
    let styleCache = elementImpl._ownerDocument._styleCache;
    if (!styleCache) styleCache = elementImpl._ownerDocument._styleCache = new WeakMap();
    const cachedDeclaration = styleCache.get(elementImpl);
    if (cachedDeclaration) return cachedDeclaration;

    const declaration = new CSSStyleDeclaration();
    function handleProperty(style, property) {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    }
    forEachMatchingRule(elementImpl, (rule) => {
      forEach.call(rule.style, (property) => handleProperty(rule.style, property));
    });
    forEach.call(elementImpl.style, (property) => handleProperty(elementImpl.style, property));
    styleCache.set(elementImpl, declaration);
    return declaration;
  };
}

install();

export { keysOfRule };
