# ruff: noqa: E501 - recorded answers, kept as the server sent them
"""Answers real local models gave in `make eval-llm-local` (llama-cpp-python 0.3.36's server on
127.0.0.1, temperature 0), kept as the server sent them for the replaying tests. Regenerate
from var/llm-local/answers.jsonl after a new run; do not edit the answers by hand."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

DRAFTS = Path(__file__).resolve().parents[5] / "evals" / "fixtures" / "golden" / "drafts"

# SMOLLM2_SCHEMA_ECHO: smollm2-135m-instruct,
#   call 'chapter_summary, multi_granularity_summaries, scene_segmentation', max_tokens 1357, 88 s
SMOLLM2_SCHEMA_ECHO: dict[str, Any] = {'id': 'chatcmpl-75f5c98c-3553-4960-a048-6b209e8a7e8f',
 'object': 'chat.completion',
 'created': 1796141229,
 'model': 'smollm2-135m-instruct',
 'choices': [{'index': 0,
              'message': {'role': 'assistant',
                          'content': '{\n'
                                     '  "description":\n'
                                     '    {\n'
                                     '      "type":"json"\n'
                                     '    },\n'
                                     '    "properties":\n'
                                     '        {"items":{"$ref":"#/LlmSceneItem"}},\n'
                                     '        "required":["items"]}\n'
                                     '\t    \t   \t   \t   \t  '},
              'logprobs': None,
              'finish_reason': 'stop'}],
 'usage': {'prompt_tokens': 2137, 'completion_tokens': 58, 'total_tokens': 2195}}

# FENCED: qwen2.5-coder-1.5b-instruct,
#   call 'chapter_summary, multi_granularity_summaries, scene_segmentation', max_tokens 897, 852 s
FENCED: dict[str, Any] = {'id': 'chatcmpl-a5823092-d13c-40d1-b280-f2c54a93dbc7',
 'object': 'chat.completion',
 'created': 1796141429,
 'model': 'qwen2.5-coder-1.5b-instruct',
 'choices': [{'index': 0,
              'message': {'role': 'assistant',
                          'content': '```json\n'
                                     '{\n'
                                     '  "chapter_summary": "Mara and Tomas are working on a map of '
                                     'the harbour while waiting for breakfast.",\n'
                                     '  "multi_granularity_summaries": {\n'
                                     '    "short": "Mara is sketching the harbour from memory '
                                     'while Tomas sleeps.",\n'
                                     '    "medium": "Tomas builds the fire in the forge while Mara '
                                     'sketches the harbour.",\n'
                                     '    "long": "Mara and Tomas walk down the high street to the '
                                     'forge, where they build the fire again. The fire has been '
                                     'out for three days, and Tomas knelt to build it while Mara '
                                     'swept the ash from the floor. By noon the anvil is ringing, '
                                     'the rain has stopped, and from the forge door Mara can see '
                                     'Heron Rock standing dark and clear against a clean sky."\n'
                                     '  },\n'
                                     '  "scene_segmentation": [\n'
                                     '    {\n'
                                     '      "pov": "Mara",\n'
                                     '      "location": "the Lantern Inn",\n'
                                     '      "time_anchor": "Mara wakes in the best room of the '
                                     'Lantern Inn with rain on the window and Tomas still asleep '
                                     'beside her.",\n'
                                     '      "present": ["Mara", "Tomas"],\n'
                                     '      "summary": "Mara wakes in the best room of the Lantern '
                                     'Inn with rain on the window and Tomas still asleep beside '
                                     'her. For a while she lay and listened to Elena Voss scolding '
                                     'the pot-boy in the yard below. Then she got up, pulled on '
                                     'her coat, and sat at the little table by the window with a '
                                     'pencil and the back of a bill of fare, sketching the harbour '
                                     'from memory.",\n'
                                     '      "opening_quote": "Mara woke in the best room of the '
                                     'Lantern Inn with rain on the window and Tomas still asleep '
                                     'beside her."\n'
                                     '    },\n'
                                     '    {\n'
                                     '      "pov": "Tomas",\n'
                                     '      "location": "the Lantern Inn",\n'
                                     '      "time_anchor": "Tomas wakes at eight and finds Mara '
                                     'there.",\n'
                                     '      "present": ["Mara", "Tomas"],\n'
                                     '      "summary": "Tomas wakes at eight and finds Mara there. '
                                     '\\"You are working on the first morning of our marriage,\\" '
                                     'he says.",\n'
                                     '      "opening_quote": "Tomas woke at eight and found her '
                                     'there."\n'
                                     '    },\n'
                                     '    {\n'
                                     '      "pov": "Mara",\n'
                                     '      "location": "the long room",\n'
                                     '      "time_anchor": "Elena Voss brings them breakfast in '
                                     'the long room.",\n'
                                     '      "present": ["Mara", "Tomas"],\n'
                                     '      "summary": "They eat breakfast in the long room. Elena '
                                     'Voss brought them eggs and would not take any money, and the '
                                     'fishermen who came in to dry off by the fire raised their '
                                     'cups to the blacksmith and his wife.",\n'
                                     '      "opening_quote": "Elena Voss brought them eggs and '
                                     'would not take any money"\n'
                                     '    },\n'
                                     '    {\n'
                                     '      "pov": "Tomas",\n'
                                     '      "location": "the long room",\n'
                                     '      "time_anchor": "Mara and Tomas walk down the high '
                                     'street to the forge.",\n'
                                     '      "present": ["Mara", "Tomas"],\n'
                                     '      "summary": "Mara and Tomas walk down the high street '
                                     'to the forge. The fire had been out for three days, and '
                                     'Tomas knelt to build it again while Mara swept the ash from '
                                     'the floor. By noon the anvil is ringing, the rain has '
                                     'stopped, and from the forge door Mara can see Heron Rock '
                                     'standing dark and clear against a clean sky.",\n'
                                     '      "opening_quote": "Mara and Tomas walk down the high '
                                     'street to the forge"\n'
                                     '    }\n'
                                     '  ]\n'
                                     '}\n'
                                     '```'},
              'logprobs': None,
              'finish_reason': 'stop'}],
 'usage': {'prompt_tokens': 956, 'completion_tokens': 715, 'total_tokens': 1671}}

# LOOP: smollm2-135m-instruct,
#   call 'events, relationship_updates, dynamics_updates' on the draft clean_01, JSON mode,
#   temperature 0, repeat_penalty 1.0 (none), max_tokens 400, 177 s: it loops until the limit
LOOP: dict[str, Any] = {'id': 'chatcmpl-063f4ef0-c68c-44a1-be94-2dc9eab508ab',
 'object': 'chat.completion',
 'created': 1796142470,
 'model': 'smollm2-135m-instruct',
 'choices': [{'index': 0,
              'message': {'role': 'assistant',
                          'content': '{\n'
                                     '  "story_context":{\n'
                                     '    "event_text":{\n'
                                     '      "type":"json",\n'
                                     '      "properties":{\n'
                                     '        "description":"The passage is about the relationship '
                                     'between two characters in the passage.",\n'
                                     '        "type":"json",\n'
                                     '        "json_schema":{\n'
                                     '          "type":"json",\n'
                                     '          "properties":{\n'
                                     '            "type":"json",\n'
                                     '            "properties":{\n'
                                     '              "type":"json",\n'
                                     '              "properties":{\n'
                                     '                "type":"json",\n'
                                     '                "properties":{\n'
                                     '                  "type":"json",\n'
                                     '                  "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type":"json",\n'
                                     '                    "properties":{\n'
                                     '                    "type'},
              'logprobs': None,
              'finish_reason': 'length'}],
 'usage': {'prompt_tokens': 1812, 'completion_tokens': 400, 'total_tokens': 2212}}

# ENTITIES_BARE: qwen2.5-coder-1.5b-instruct,
#   call 'new_entities' on golden chapter 1, JSON mode, max_tokens 2290, 1985 s:
#   the pass's value alone, without its key
ENTITIES_BARE: dict[str, Any] = {'id': 'chatcmpl-b845baed-bce8-4bf1-8158-604fd93515ae',
 'object': 'chat.completion',
 'created': 1796143354,
 'model': 'qwen2.5-coder-1.5b-instruct',
 'choices': [{'index': 0,
              'message': {'role': 'assistant',
                          'content': '{"items":[{"name":"Mara '
                                     'Finch","type":"character","aliases":["none"],"description":null,"gender":"female","owner":"Harriet '
                                     'Finch","parent":"Gull House","evidence":{"quote":"Mara Finch '
                                     'was twenty-three years old. Mara was a mapmaker by trade. '
                                     'She drew the coastline for the fishing captains who could '
                                     'not read one, and they paid her in coin and sometimes in '
                                     'mackerel. Mara had grey eyes and black hair, which she tied '
                                     'back with a blue ribbon whenever she '
                                     'worked.","confidence":0.8}},{"name":"Aldous '
                                     'Finch","type":"character","aliases":["none"],"description":null,"gender":"male","owner":"Harriet '
                                     'Finch","parent":"Gull House","evidence":{"quote":"Mr. Aldous '
                                     'Finch was fifty-eight years old, and he was the treasurer of '
                                     "the Harbour Guild. He had kept the Guild's money for thirty "
                                     'years without losing a penny, and he was proud of '
                                     'it.","confidence":0.8}},{"name":"Harriet '
                                     'Finch","type":"character","aliases":["none"],"description":null,"gender":"female","owner":"Aldous '
                                     'Finch","parent":"Gull House","evidence":{"quote":"Mrs. Finch '
                                     'set the tray down and said nothing, but she laid her hand '
                                     "for a moment on her husband's "
                                     'shoulder.","confidence":0.8}},{"name":"Jonah '
                                     'Crane","type":"character","aliases":["none"],"description":null,"gender":"male","owner":"Harriet '
                                     'Finch","parent":"Guildhall","evidence":{"quote":"Jonah Crane '
                                     'was the clerk of the Harbour Guild. He was a thin young man, '
                                     'and Jonah had fair hair and ink on his cuffs. Jonah kept the '
                                     'Guild ledger in the locked drawer of his desk. Every payment '
                                     "the Guild made went into that ledger in Jonah's careful "
                                     'hand.","confidence":0.8}},{"name":"Elena '
                                     'Voss","type":"character","aliases":["none"],"description":null,"gender":"female","owner":"Harriet '
                                     'Finch","parent":"Lantern Inn","evidence":{"quote":"Elena '
                                     'Voss was forty years old, a widow, and the innkeeper of the '
                                     'Lantern Inn. She was quick with her hands and slow to '
                                     'gossip.","confidence":0.8}},{"name":"Tomas '
                                     'Marsh","type":"character","aliases":["none"],"description":null,"gender":"male","owner":"Harriet '
                                     'Finch","parent":"Forge","evidence":{"quote":"Tomas Marsh, '
                                     'the blacksmith, was sitting by the fire with his sleeves '
                                     'rolled up. Tomas was twenty-six years old, broad in the '
                                     'shoulders, with soot worked so deep into his knuckles that '
                                     'no soap could shift it. Beside Tomas sat his sister Elena '
                                     'Marsh. Elena Marsh was nineteen years old, a seamstress, '
                                     'with red hair that no bonnet could keep in '
                                     'order.","confidence":0.8}},{"name":"Ivo '
                                     'Marsh","type":"character","aliases":["none"],"description":null,"gender":"male","owner":"Harriet '
                                     'Finch","parent":"Forge","evidence":{"quote":"Ivo Marsh had '
                                     'been lost at sea eleven years before, when his ship went '
                                     'down off Heron Rock, and no trace of him had ever been '
                                     'found.","confidence":0.8}},{"name":"Gull '
                                     'House","type":"location","aliases":["none"],"description":null,"gender":"unknown","owner":"Harriet '
                                     'Finch","parent":"none","evidence":{"quote":"Gull House stood '
                                     'at the top of the hill in Saltmere, and from its kitchen '
                                     'window Mara Finch could see the whole harbour laid out like '
                                     'one of her own '
                                     'charts.","confidence":0.8}},{"name":"Guildhall","type":"location","aliases":["none"],"description":null,"gender":"unknown","owner":"Harriet '
                                     'Finch","parent":"Gull House","evidence":{"quote":"The '
                                     'Guildhall was a tall grey building on the quay at Saltmere, '
                                     "with the Guild's sign of a golden anchor above the "
                                     'door.","confidence":0.8}},{"name":"Lantern '
                                     'Inn","type":"location","aliases":["none"],"description":null,"gender":"unknown","owner":"Harriet '
                                     'Finch","parent":"Gull House","evidence":{"quote":"The '
                                     'Lantern Inn, in the town of Saltmere, stood at the corner '
                                     'where the quay met the high street, and a lantern burned in '
                                     'its window day and '
                                     'night.","confidence":0.8}},{"name":"Forge","type":"location","aliases":["none"],"description":null,"gender":"unknown","owner":"Harriet '
                                     'Finch","parent":"Gull House","evidence":{"quote":"The forge '
                                     'stood at the bottom of the high street in '
                                     'Saltmere.","confidence":0.8}}]}'},
              'logprobs': None,
              'finish_reason': 'stop'}],
 'usage': {'prompt_tokens': 1940, 'completion_tokens': 950, 'total_tokens': 2890}}

GOLDEN_1: str = (DRAFTS.parent / "chapters" / "01.txt").read_text(encoding="utf-8")
"""The chapter the ENTITIES_BARE call was about."""

FENCED_TEXT: str = json.loads((DRAFTS / "clean_01.json").read_text(encoding="utf-8"))["text"]
"""The draft the FENCED call was about (chapter 11 of the golden fixture, clean_01)."""
FENCED_SUMMARY = ("Mara and Tomas are working on a map of the harbour while waiting for "
                  "breakfast.")


def without_usage(body: dict[str, Any]) -> dict[str, Any]:
    """The same answer from a server that sends no `usage` block."""
    answer = copy.deepcopy(body)
    answer.pop("usage", None)
    return answer
