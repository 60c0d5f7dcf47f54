import { describe, expect, it } from 'vitest';
import { componentScript, componentSource, componentText, isComponentFile, originalOffsets } from '../../src/project/components.js';

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

/** The code made of a component's markup, without its marker and the lines every component gets. */
function markupCode(file: string, text: string): string {
  const source = componentSource(file, text);
  return source
    .slice(text.length + 1)
    .split('\n')
    .filter((line) => line !== '' && !line.includes('api-sunset:template') && line !== ';(function () {' && line !== '})();')
    .join('\n');
}

describe('componentSource', () => {
  it('puts a Vue template after the file, each expression copied in the scope its loop and slot give it', () => {
    const text = [
      '<script setup lang="ts">',
      'const results = ref([]);',
      '</script>',
      '<template>',
      '  <ul>',
      '    <li v-for="(r, i) in results" :key="r.url" @click="open(r, i)">{{ r.snippets[0].snippet }}</li>',
      '  </ul>',
      '  <result-list :items="results" @pick="choose"><template #row="{ item }">{{ item.title }}</template></result-list>',
      '  <slot name="footer" :count="results.length" />',
      '</template>',
    ].join('\n');
    expect(markupCode('Search.vue', text)).toBe(
      [
        'for (const r of __sfc_list__((results',
        '))) {',
        'let i;',
        '(r.url',
        ');',
        '(function ($event) {',
        'open(r, i)',
        '})(__sfc_event__);',
        '(r.snippets[0].snippet',
        ');',
        '}',
        '__sfc_render__(ResultList, {',
        '"items": (results',
        '),',
        '"onPick": (choose',
        '),',
        '});',
        '(function ({ item }) {',
        '(item.title',
        ');',
        '})(__sfc_slot_in__(ResultList, "row"));',
        '__sfc_slot_out__("footer", {',
        '"count": (results.length',
        '),',
        '});',
        'const __sfc_component__ = __sfc_self__;',
        'export default __sfc_component__;',
      ].join('\n'),
    );
  });

  it("reads Svelte's blocks, props and events, and gives `export let` what a parent passes", () => {
    const text = [
      '<script>',
      '  export let reply;',
      '</script>',
      '{#each reply.messages as { citations }, i (i)}',
      '  <Card cite={citations[0]} {i} on:pick={(e) => pin(e.detail)} />',
      '{:else}',
      '  <p>none</p>',
      '{/each}',
      '{#await load() then page}<a href="/p/{page.id}">{page.title}</a>{/await}',
    ].join('\n');
    expect(markupCode('Chat.svelte', text)).toBe(
      [
        '({ reply } = __sfc_props__);',
        'for (const { citations } of __sfc_list__((reply.messages',
        '))) {',
        'let i;',
        '(i',
        ');',
        '{',
        '{',
        '__sfc_render__(Card, {',
        '"cite": (citations[0]',
        '),',
        '"i": (i',
        '),',
        '"on:pick": ((e) => pin(e.detail)',
        '),',
        '});',
        '}',
        '}',
        '}',
        '{',
        '{',
        '}',
        '}',
        '(async function () {',
        'const __sfc_awaited__ = await (load()',
        ');',
        '{',
        'const page = __sfc_awaited__;',
        '{',
        '{',
        '(page.id',
        ');',
        '(page.title',
        ');',
        '}',
        '}',
        '}',
        // (the awaited block's `})();` is filtered with the template's own)
        'const __sfc_component__ = __sfc_self__;',
        'export default __sfc_component__;',
      ].join('\n'),
    );
  });

  it('maps an offset in the markup code back to where the expression is written', () => {
    const text = '<template>\n  <p>{{ reply.messages[0].citations }}</p>\n</template>\n';
    const source = componentSource('Reply.vue', text);
    const copy = source.indexOf('citations', text.length);
    const original = originalOffsets('Reply.vue', text);
    expect(original(copy)).toBe(text.indexOf('citations'));
    expect(original(5)).toBe(5);
    expect(componentText('Reply.vue', source)).toBe(text);
    expect(componentSource('Reply.vue', source)).toBe(source);
  });

  it('leaves a Pug template, and markup without expressions, no code but the module default', () => {
    expect(markupCode('A.vue', '<template lang="pug">\np {{ r.snippet }}\n</template>\n')).toBe('const __sfc_component__ = __sfc_self__;\nexport default __sfc_component__;');
    expect(markupCode('B.svelte', '<script>export default 1;</script>\n<p>hi</p>\n')).toBe('{\n}');
  });
});

describe('a component whose markup is no code', () => {
  it('is still its scripts: the module falls back to them, and check finds their uses', async () => {
    const { parseModule } = await import('../../src/project/module.js');
    const text = '<script setup>\nconst answers = await fetch("/rest/api/v1/listanswers");\n</script>\n<template><p>{{ a b c }}</p></template>\n';
    const module = parseModule('Broken.vue', text);
    expect(module.text).toBe(componentScript(text));
    expect(module.templateStart).toBe(Infinity);
    expect(componentText('Broken.vue', componentScript(text))).toBe(text);
  });
});
