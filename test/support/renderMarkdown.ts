/**
 * Markdown rendered by two real consumers: GitHub's GFM (micromark with its GFM extension,
 * autolink literals included) and a linkifying renderer (markdown-it with `linkify` and raw HTML
 * on, the most link-happy common setup). Untrusted text must come out of both as text.
 */
import MarkdownIt from 'markdown-it';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export function renderGfm(md: string): string {
  return micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

export function renderLinkified(md: string): string {
  return new MarkdownIt({ linkify: true, html: true }).render(md);
}

export function renderBoth(md: string): string[] {
  return [renderGfm(md), renderLinkified(md)];
}
