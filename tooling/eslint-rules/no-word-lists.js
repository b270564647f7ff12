// Words are data: a list of words in a module's code (an array of strings, an object of
// strings, a long string split into words) belongs in the lexicon's files
// (apps/server/src/lib/lexicon/words/) or a message catalogue, where it is checked at start and
// one line adds a word.

/** How many strings make a list of words. */
const MAX_STRINGS = 12;
/** How many words a string split into a list may hold. */
const MAX_SPLIT_WORDS = 12;

const isString = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string') ||
  (node?.type === 'TemplateLiteral' && node.expressions.length === 0);

const textOf = (node) => (node.type === 'Literal' ? node.value : node.quasis[0].value.cooked);

/** A word or a short phrase, not a sentence (a prompt's lines are not a list of words). */
const isWord = (node) =>
  isString(node) && textOf(node).length <= 40 && textOf(node).trim().split(/\s+/).length <= 4;

/** @type {import('eslint').Rule.RuleModule} */
export const noWordLists = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Keeps long word lists out of the code: they are data.' },
    schema: [],
    messages: {
      list: 'A list of {{count}} words in code: put it in the lexicon (lib/lexicon/words/) or a catalogue.',
    },
  },
  create(context) {
    const report = (node, count) => context.report({ node, messageId: 'list', data: { count } });
    return {
      ArrayExpression(node) {
        const count = node.elements.filter(isWord).length;
        if (count > MAX_STRINGS) report(node, count);
      },
      ObjectExpression(node) {
        // Keys of words mapped to strings, numbers or lists of strings: a table of words.
        const count = node.properties.filter(
          (property) =>
            property.type === 'Property' &&
            (isWord(property.value) ||
              (property.value.type === 'Literal' && typeof property.value.value === 'number') ||
              (property.value.type === 'ArrayExpression' &&
                property.value.elements.length > 0 &&
                property.value.elements.every(isWord))),
        ).length;
        if (count > MAX_STRINGS) report(node, count);
      },
      'CallExpression[callee.property.name="split"]'(node) {
        let target = node.callee.object;
        // ("a b c " + "d e").split(…)
        const parts = [];
        const collect = (part) => {
          if (part.type === 'BinaryExpression' && part.operator === '+') {
            collect(part.left);
            collect(part.right);
          } else if (isString(part)) parts.push(textOf(part));
          else if (
            part.type === 'CallExpression' &&
            part.callee.property?.name === 'concat' &&
            isString(part.callee.object)
          ) {
            parts.push(textOf(part.callee.object));
            part.arguments.forEach(collect);
          }
        };
        collect(target);
        const count = parts.join(' ').split(/\s+/).filter(Boolean).length;
        if (count > MAX_SPLIT_WORDS) report(node, count);
      },
    };
  },
};

export default { rules: { 'no-word-lists': noWordLists } };
