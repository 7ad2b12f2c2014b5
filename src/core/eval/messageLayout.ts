// How a profile lays out the chat it sends. Strict chat templates (Mistral's, Gemma's) refuse two
// messages of one role in a row ("Conversation roles must alternate user/assistant/…"), and some
// prompts send several in a row on purpose: SmartPlay's experiment loop sends three or four system
// messages, MANGO's `paper` template four user messages. `alternate` folds each run of one role into
// one message, so such a server can answer; `as-is` (the default) sends the benchmark's messages
// unchanged, as upstream sent them.
import type { ChatMessage, ModelProfile } from './types';

export type MessageLayout = NonNullable<ModelProfile['messageLayout']>;

export const MESSAGE_LAYOUTS: readonly MessageLayout[] = ['as-is', 'alternate'];

/** What joins the folded messages' texts: a blank line, as a person would separate them. */
const FOLD_SEPARATOR = '\n\n';

/** The messages as `layout` sends them: under `alternate`, consecutive messages of one role become one, their texts joined by a blank line. */
export function layoutMessages(messages: readonly ChatMessage[], layout: MessageLayout | undefined): ChatMessage[] {
  if (layout !== 'alternate') return messages.map((message) => ({ ...message }));
  const folded: ChatMessage[] = [];
  for (const message of messages) {
    const last = folded[folded.length - 1];
    if (last && last.role === message.role) last.content = `${last.content}${FOLD_SEPARATOR}${message.content}`;
    else folded.push({ ...message });
  }
  return folded;
}

/** Whether a server's error text is a chat template refusing roles that do not alternate. */
export function isAlternationError(text: string): boolean {
  return /roles must alternate/i.test(text);
}

/** The advice a template error gets: the option that folds the messages, in the profile and on the command line. */
export const ALTERNATE_ADVICE =
  'The server\'s chat template wants user and assistant messages to alternate: set "messageLayout": "alternate" in the model profile (waypoint run/play: --message-layout alternate) to fold consecutive messages of one role into one.';
