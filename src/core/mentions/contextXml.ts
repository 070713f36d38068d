/** Content as CDATA; a `]]>` inside is split across two sections so it cannot end the first one early. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

export function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}
