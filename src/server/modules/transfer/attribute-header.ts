import { ATTRIBUTE_TYPES, type Attribute } from '../../../shared/schemas/attribute';
import type { DeclaredAttribute, RowError } from './imported-product';

/**
 * An attribute's whole definition in the header cell of its column in Showcase's CSV (decision 079), so a
 * spreadsheet round trip keeps what the JSON document keeps: its name, type, unit, filter flag and every value
 * of a choice, used or not. The rows stay one product edition each, and a site without attributes writes
 * issue 31's header exactly:
 *
 *     attribute:level (Level; choice; values: Beginner|Advanced; filter)
 *     attribute:hours (Hours; number; unit: h)
 *     attribute:certificate (Certificate; boolean)
 *
 * Within a part, `\`, `;` and `|` are written `\\`, `\;` and `\|`. A bare `attribute:<slug or name>` column
 * (older exports, a hand-made sheet) still reads as before: its type is read from its values.
 */
export function attributeHeader(attribute: Pick<Attribute, 'slug' | 'name' | 'type' | 'values' | 'unit' | 'filter'>): string {
  const parts = [escape(attribute.name), attribute.type];
  if (attribute.unit) parts.push(`unit: ${escape(attribute.unit)}`);
  if (attribute.type === 'choice') parts.push(`values: ${attribute.values.map(escape).join('|')}`);
  if (attribute.filter) parts.push('filter');
  return `attribute:${attribute.slug} (${parts.join('; ')})`;
}

const escape = (text: string) => text.replace(/[\\;|]/g, (c) => `\\${c}`);

/** `text` split on an unescaped `separator`, each piece unescaped. */
function split(text: string, separator: ';' | '|'): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      i += 1;
      piece += text[i];
    } else if (c === separator) {
      pieces.push(piece);
      piece = '';
    } else piece += c;
  }
  pieces.push(piece);
  return pieces;
}

/** `split` that keeps the escapes: a part is split into values only after it is known to be `values:`. */
function splitRaw(text: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      part += c + text[i + 1];
      i += 1;
    } else if (c === ';') {
      parts.push(part);
      part = '';
    } else part += c;
  }
  parts.push(part);
  return parts.map((p) => p.trim());
}

const unescape = (text: string) => split(text, ';').join(';');

// `attribute:<slug or name> (<definition with at least one ;>)`: a name in parentheses without one ("Level (beta)") stays a name.
const DEFINED = /^(attribute:\s*.+?)\s+\(([^;]*;.*)\)$/is;

/**
 * A header's attribute columns with their definitions taken off (`attribute:level`, as the dialects read
 * them), each definition added to `declared`; a definition that cannot be read is an error of the header's
 * line and that column.
 */
export function readAttributeHeader(names: string[], line: number, declared: DeclaredAttribute[], errors: RowError[]): string[] {
  return names.map((name) => {
    const match = DEFINED.exec(name);
    if (!match) return name;
    const column = match[1]!.replace(/^attribute:\s*/i, 'attribute:');
    const slug = column.slice('attribute:'.length).trim();
    const fail = (message: string) => {
      errors.push({ line, column: name, message });
      return column;
    };
    const [rawName = '', rawType = '', ...rest] = splitRaw(match[2]!);
    const type = rawType.toLowerCase();
    if (!(ATTRIBUTE_TYPES as readonly string[]).includes(type)) return fail(`“${rawType}” is not an attribute type: choice, number or boolean`);
    const definition: DeclaredAttribute = { name: unescape(rawName).trim(), slug, type: type as DeclaredAttribute['type'], values: [], unit: null, filter: false, line, column: name };
    for (const part of rest) {
      const [key, ...value] = part.split(':');
      const text = value.join(':').trim();
      if (key!.trim().toLowerCase() === 'filter' && value.length === 0) definition.filter = true;
      else if (key!.trim().toLowerCase() === 'unit') definition.unit = unescape(text).trim() || null;
      else if (key!.trim().toLowerCase() === 'values') definition.values = split(text, '|').map((v) => v.trim()).filter(Boolean);
      else if (part !== '') return fail(`“${part}” is not part of an attribute’s definition: unit: …, values: …|…, or filter`);
    }
    declared.push(definition);
    return column;
  });
}
