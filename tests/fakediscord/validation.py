"""Discord limits enforced by the fake.

Each ``check_*`` returns a list of ``(path, code, message)`` tuples; an empty
list means the payload is accepted.  ``path`` is dotted
(``components.0.components.1.custom_id``) and is turned into Discord's nested
``errors`` object by :func:`nest_errors`.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

Error = Tuple[str, str, str]

MAX_CONTENT = 2000
MAX_ALT_TEXT = 1024  # an attachment's description (alt text)
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_V2_COMPONENTS = 40
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHAT_INPUT_COMMANDS = 100
MAX_CONTEXT_MENU_COMMANDS = 15  # per type (user / message)
MAX_OPTIONS = 25
MAX_FILE_SIZE = 10 * 1024 * 1024
MAX_ATTACHMENTS = 10

SELECT_TYPES = (3, 5, 6, 7, 8)
COMMAND_NAME_RE = re.compile(r'^[-_\w]{1,32}$', re.UNICODE)


def _max_len(errors: List[Error], path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errors.append((path, 'BASE_TYPE_MAX_LENGTH', f'Must be {limit} or fewer in length.'))


def _required_str(errors: List[Error], path: str, value: Any, limit: int) -> None:
    if not isinstance(value, str) or not value:
        errors.append((path, 'BASE_TYPE_REQUIRED', 'This field is required'))
    else:
        _max_len(errors, path, value, limit)


def check_embeds(embeds: Any, prefix: str = '') -> List[Error]:
    errors: List[Error] = []
    if embeds is None:
        return errors
    if len(embeds) > MAX_EMBEDS:
        errors.append((f'{prefix}embeds', 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_EMBEDS} or fewer in length.'))
    total = 0
    for i, e in enumerate(embeds):
        p = f'{prefix}embeds.{i}'
        for key, limit in (('title', 256), ('description', 4096)):
            _max_len(errors, f'{p}.{key}', e.get(key), limit)
            total += len(e.get(key) or '')
        fields = e.get('fields') or []
        if len(fields) > 25:
            errors.append((f'{p}.fields', 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.'))
        for j, f in enumerate(fields):
            _required_str(errors, f'{p}.fields.{j}.name', f.get('name'), 256)
            _required_str(errors, f'{p}.fields.{j}.value', f.get('value'), 1024)
            total += len(f.get('name') or '') + len(f.get('value') or '')
        footer = e.get('footer') or {}
        _max_len(errors, f'{p}.footer.text', footer.get('text'), 2048)
        total += len(footer.get('text') or '')
        author = e.get('author') or {}
        _max_len(errors, f'{p}.author.name', author.get('name'), 256)
        total += len(author.get('name') or '')
    if total > MAX_EMBED_TOTAL:
        errors.append((f'{prefix}embeds', 'MAX_EMBED_SIZE_EXCEEDED', f'Embed size exceeds maximum size of {MAX_EMBED_TOTAL}'))
    return errors


def _check_button(errors: List[Error], p: str, c: Dict[str, Any]) -> None:
    style = c.get('style')
    _max_len(errors, f'{p}.label', c.get('label'), 80)
    if style == 5:
        if not c.get('url'):
            errors.append((f'{p}.url', 'BASE_TYPE_REQUIRED', 'This field is required'))
        if c.get('custom_id'):
            errors.append((f'{p}.custom_id', 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'A custom id cannot be specified for a link button'))
    elif style == 6:
        if not c.get('sku_id'):
            errors.append((f'{p}.sku_id', 'BASE_TYPE_REQUIRED', 'This field is required'))
    else:
        if not c.get('custom_id'):
            errors.append((f'{p}.custom_id', 'BASE_TYPE_REQUIRED', 'This field is required'))
        if not c.get('label') and not c.get('emoji'):
            errors.append((f'{p}', 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A label or emoji is required'))


def _check_select(errors: List[Error], p: str, c: Dict[str, Any]) -> None:
    _max_len(errors, f'{p}.placeholder', c.get('placeholder'), 150)
    min_v = c.get('min_values', 1)
    max_v = c.get('max_values', 1)
    if not 0 <= min_v <= 25:
        errors.append((f'{p}.min_values', 'NUMBER_TYPE_MAX', 'int value should be between 0 and 25.'))
    if not 1 <= max_v <= 25:
        errors.append((f'{p}.max_values', 'NUMBER_TYPE_MAX', 'int value should be between 1 and 25.'))
    if c.get('type') == 3:
        options = c.get('options') or []
        if not options:
            errors.append((f'{p}.options', 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.'))
        if len(options) > MAX_SELECT_OPTIONS:
            errors.append((f'{p}.options', 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_SELECT_OPTIONS} or fewer in length.'))
        elif options and max_v > len(options):
            errors.append((f'{p}.max_values', 'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE', 'max_values exceeds the number of options'))
        seen = set()
        for k, o in enumerate(options):
            _required_str(errors, f'{p}.options.{k}.label', o.get('label'), 100)
            _required_str(errors, f'{p}.options.{k}.value', o.get('value'), 100)
            _max_len(errors, f'{p}.options.{k}.description', o.get('description'), 100)
            if o.get('value') in seen:
                errors.append((f'{p}.options.{k}.value', 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Select option values must be unique'))
            seen.add(o.get('value'))


def check_components(components: Any, flags: int = 0, prefix: str = '', *, modal: bool = False) -> List[Error]:
    errors: List[Error] = []
    if not components:
        return errors
    custom_ids: Dict[str, str] = {}
    v2 = bool(flags & (1 << 15))

    def walk(items: List[Dict[str, Any]], path: str, depth: int):
        count = 0
        for i, c in enumerate(items):
            p = f'{path}.{i}'
            count += 1
            ctype = c.get('type')
            cid = c.get('custom_id')
            if cid is not None:
                if not isinstance(cid, str) or not cid:
                    errors.append((f'{p}.custom_id', 'BASE_TYPE_REQUIRED', 'This field is required'))
                else:
                    _max_len(errors, f'{p}.custom_id', cid, MAX_CUSTOM_ID)
                    if cid in custom_ids:
                        errors.append((f'{p}.custom_id', 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated'))
                    custom_ids[cid] = p
            if ctype == 1:
                children = c.get('components') or []
                if not children:
                    errors.append((f'{p}.components', 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.'))
                has_select = any(ch.get('type') in SELECT_TYPES for ch in children)
                has_text_input = any(ch.get('type') == 4 for ch in children)
                if has_select or has_text_input:
                    if len(children) > 1:
                        errors.append((f'{p}.components', 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width'))
                elif len(children) > MAX_BUTTONS_PER_ROW:
                    errors.append((f'{p}.components', 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_BUTTONS_PER_ROW} or fewer in length.'))
                for j, ch in enumerate(children):
                    if ch.get('type') == 1:
                        errors.append((f'{p}.components.{j}', 'COMPONENT_TYPE_INVALID', 'Action rows cannot be nested'))
                count += walk(children, f'{p}.components', depth + 1)
            elif ctype == 2:
                _check_button(errors, p, c)
            elif ctype in SELECT_TYPES:
                _check_select(errors, p, c)
            elif ctype == 4:
                _required_str(errors, f'{p}.label', c.get('label', 'x'), 45)
                _max_len(errors, f'{p}.placeholder', c.get('placeholder'), 100)
                _max_len(errors, f'{p}.value', c.get('value'), 4000)
            elif ctype == 18:  # label
                _max_len(errors, f'{p}.label', c.get('label'), 45)
                if isinstance(c.get('component'), dict):
                    count += walk([c['component']], f'{p}.component', depth + 1) - 0
            else:
                if c.get('components'):
                    count += walk(c['components'], f'{p}.components', depth + 1)
                if isinstance(c.get('accessory'), dict):
                    count += walk([c['accessory']], f'{p}.accessory', depth + 1)
        return count

    top = f'{prefix}components'
    total = walk(components, top, 0)
    if modal:
        if len(components) > 5:
            errors.append((top, 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.'))
    elif v2:
        if total > MAX_V2_COMPONENTS:
            errors.append((top, 'COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED', f'Must be {MAX_V2_COMPONENTS} or fewer in total.'))
    else:
        if len(components) > MAX_ACTION_ROWS:
            errors.append((top, 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_ACTION_ROWS} or fewer in length.'))
        for i, c in enumerate(components):
            if c.get('type') != 1:
                errors.append((f'{top}.{i}.type', 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,) without the IS_COMPONENTS_V2 flag.'))
    return errors


def check_message(payload: Dict[str, Any], *, prefix: str = '') -> List[Error]:
    """content / embeds / components limits of a message create/edit body."""
    errors: List[Error] = []
    content = payload.get('content')
    if content is not None:
        if not isinstance(content, str):
            content = str(content)
        _max_len(errors, f'{prefix}content', content, MAX_CONTENT)
    errors += check_embeds(payload.get('embeds'), prefix)
    for i, attachment in enumerate(payload.get('attachments') or []):
        if isinstance(attachment, dict):
            _max_len(errors, f'{prefix}attachments.{i}.description', attachment.get('description'), MAX_ALT_TEXT)
    flags = payload.get('flags') or 0
    errors += check_components(payload.get('components'), flags, prefix)
    if flags & (1 << 15):
        if payload.get('content'):
            errors.append((f'{prefix}content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'content\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2'))
        if payload.get('embeds'):
            errors.append((f'{prefix}embeds', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'embeds\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2'))
    return errors


def check_files(uploads: Iterable[Any], prefix: str = '') -> List[Error]:
    errors: List[Error] = []
    uploads = list(uploads)
    if len(uploads) > MAX_ATTACHMENTS:
        errors.append((f'{prefix}attachments', 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_ATTACHMENTS} or fewer in length.'))
    return errors


def oversized_files(uploads: Iterable[Any]) -> List[Any]:
    return [u for u in uploads if len(u.data) > MAX_FILE_SIZE]


def check_autocomplete(data: Dict[str, Any]) -> List[Error]:
    errors: List[Error] = []
    choices = data.get('choices')
    if choices is None:
        errors.append(('data.choices', 'BASE_TYPE_REQUIRED', 'This field is required'))
        return errors
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        errors.append(('data.choices', 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_AUTOCOMPLETE_CHOICES} or fewer in length.'))
    for i, ch in enumerate(choices):
        _required_str(errors, f'data.choices.{i}.name', ch.get('name'), 100)
        if isinstance(ch.get('value'), str):
            _max_len(errors, f'data.choices.{i}.value', ch['value'], 100)
    return errors


def check_modal(data: Dict[str, Any]) -> List[Error]:
    errors: List[Error] = []
    _required_str(errors, 'data.title', data.get('title'), 45)
    _required_str(errors, 'data.custom_id', data.get('custom_id'), MAX_CUSTOM_ID)
    comps = data.get('components') or []
    if not comps:
        errors.append(('data.components', 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.'))
    errors += check_components(comps, 0, 'data.', modal=True)
    return errors


def _check_options(errors: List[Error], options: List[Dict[str, Any]], p: str, depth: int) -> None:
    if len(options) > MAX_OPTIONS:
        errors.append((p, 'BASE_TYPE_MAX_LENGTH', f'Must be {MAX_OPTIONS} or fewer in length.'))
    seen_optional = False
    names = set()
    for i, o in enumerate(options):
        op = f'{p}.{i}'
        name = o.get('name')
        if not isinstance(name, str) or not COMMAND_NAME_RE.match(name) or name != name.lower():
            errors.append((f'{op}.name', 'APPLICATION_COMMAND_INVALID_NAME', f'Command name is invalid: {name!r}'))
        if name in names:
            errors.append((f'{op}.name', 'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS', 'Option names must be unique'))
        names.add(name)
        _required_str(errors, f'{op}.description', o.get('description'), 100)
        choices = o.get('choices') or []
        if len(choices) > 25:
            errors.append((f'{op}.choices', 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.'))
        if choices and o.get('autocomplete'):
            errors.append((f'{op}.autocomplete', 'AUTOCOMPLETE_AND_CHOICES_MUTUALLY_EXCLUSIVE', 'Autocomplete cannot be set with choices'))
        for j, ch in enumerate(choices):
            _required_str(errors, f'{op}.choices.{j}.name', ch.get('name'), 100)
            if isinstance(ch.get('value'), str):
                _max_len(errors, f'{op}.choices.{j}.value', ch['value'], 100)
        if o.get('type') in (1, 2):
            if depth >= 2 or (o.get('type') == 2 and depth >= 1):
                errors.append((f'{op}.type', 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', 'Subcommands nested too deeply'))
            _check_options(errors, o.get('options') or [], f'{op}.options', depth + 1)
        else:
            if o.get('required'):
                if seen_optional:
                    errors.append((f'{op}.required', 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options'))
            else:
                seen_optional = True


def check_commands(commands: List[Dict[str, Any]]) -> List[Error]:
    errors: List[Error] = []
    counts = {1: 0, 2: 0, 3: 0}
    seen = set()
    for i, cmd in enumerate(commands):
        p = str(i)
        ctype = cmd.get('type', 1)
        counts[ctype] = counts.get(ctype, 0) + 1
        name = cmd.get('name')
        if ctype == 1:
            if not isinstance(name, str) or not COMMAND_NAME_RE.match(name) or name != name.lower():
                errors.append((f'{p}.name', 'APPLICATION_COMMAND_INVALID_NAME', f'Command name is invalid: {name!r}'))
            _required_str(errors, f'{p}.description', cmd.get('description'), 100)
        else:
            _required_str(errors, f'{p}.name', name, 32)
        if (ctype, name) in seen:
            errors.append((f'{p}.name', 'APPLICATION_COMMANDS_DUPLICATE_NAME', f'Application command names must be unique: {name!r}'))
        seen.add((ctype, name))
        _check_options(errors, cmd.get('options') or [], f'{p}.options', 0)
    if counts.get(1, 0) > MAX_CHAT_INPUT_COMMANDS:
        errors.append(('_', 'APPLICATION_COMMANDS_TOO_MANY', f'Maximum number of application commands reached ({MAX_CHAT_INPUT_COMMANDS})'))
    for t in (2, 3):
        if counts.get(t, 0) > MAX_CONTEXT_MENU_COMMANDS:
            errors.append(('_', 'APPLICATION_COMMANDS_TOO_MANY', f'Maximum number of type {t} commands reached ({MAX_CONTEXT_MENU_COMMANDS})'))
    return errors


def nest_errors(errors: List[Error]) -> Dict[str, Any]:
    """Turn dotted paths into Discord's nested ``errors`` object."""
    root: Dict[str, Any] = {}
    for path, code, message in errors:
        node = root
        for part in [x for x in path.split('.') if x]:
            node = node.setdefault(part, {})
        node.setdefault('_errors', []).append({'code': code, 'message': message})
    return root


def form_error(errors: List[Error]) -> Dict[str, Any]:
    return {'code': 50035, 'errors': nest_errors(errors), 'message': 'Invalid Form Body'}


def is_empty_message(content: Optional[str], embeds, components, attachments, stickers=None, poll=None) -> bool:
    return not (content or embeds or components or attachments or stickers or poll)
