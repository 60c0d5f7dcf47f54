import { describe, expect, it } from 'vitest';
import { componentScript, isComponentFile } from '../../src/project/components.js';

describe('componentScript', () => {
  it('keeps every script block at its offsets and blanks the markup, line breaks kept', () => {
    const text = '<template>\n  <p>{{ r.snippet }}</p>\n</template>\n<script setup lang="ts">\nconst a = 1;\n</script>\n<style>\np { color: red }\n</style>\n';
    const script = componentScript(text);
    expect(script).toHaveLength(text.length);
    expect(script.split('\n')).toHaveLength(text.split('\n').length);
    expect(script.slice(text.indexOf('const a'), text.indexOf('const a') + 12)).toBe('const a = 1;');
    expect(script.replace(/\s/g, '')).toBe('consta=1;');
  });

  it('keeps both of a component\'s scripts (Svelte\'s module script, Vue\'s script beside script setup)', () => {
    const text = '<script context="module">export const prerender = true;</script>\n<script>\n  let { data } = $props();\n</script>\n<h1>{data.title}</h1>\n';
    expect(componentScript(text).replace(/\s+/g, ' ').trim()).toBe('export const prerender = true; let { data } = $props();');
  });

  it('reads only top-level JavaScript blocks: not one in the markup, a JSON block or one commented out', () => {
    const text = [
      '<script setup lang="ts" generic="T extends Item<string>">',
      'const a = 1;',
      '</script>',
      '<script type="application/ld+json">{ "a": 1 }</script>',
      '<!--',
      '<script>fetch("/rest/api/v1/listanswers")</script>',
      '-->',
      '<svelte:head>',
      '  <script>window.dataLayer = [];</script>',
      '</svelte:head>',
    ].join('\n');
    expect(componentScript(text).replace(/\s+/g, ' ').trim()).toBe('const a = 1;');
  });

  it('gives a blank module for a component without a script', () => {
    expect(componentScript('<template><p>hi</p></template>\n').trim()).toBe('');
  });

  it('knows components by their extension', () => {
    expect([isComponentFile('a/App.vue'), isComponentFile('+page.svelte'), isComponentFile('a.ts'), isComponentFile('vue.config.js')]).toEqual([true, true, false, false]);
  });
});
