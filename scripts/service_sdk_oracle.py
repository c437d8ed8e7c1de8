#!/usr/bin/env python3
"""Ground truth for apns-lint's Expo and OneSignal dialects from the services' public client SDKs for Python.

Run by scripts/check-service-sdks inside a throwaway virtualenv that has exponent_server_sdk and onesignal-python-api
installed; no code of the SDKs is kept in this repository. Nothing is sent: each SDK only builds and checks its objects.

Expo (exponent_server_sdk): every message of a body (one object, or an array of them, as POSTed to Expo's push API)
is built as the SDK's PushMessage and asked for the payload it would send (PushMessage.get_payload(), which
PushClient.publish_multiple runs before it sends). The SDK's only check is that "to" is a string starting with
"ExponentPushToken"; fields it has no slot for are left out (a "note:" line says so). Its verdict is certain only
where Expo's own Node SDK agrees: when it refuses a "to" that expo-server-sdk-node's isExpoPushToken refuses too
(not "ExponentPushToken[…]"/"ExpoPushToken[…]", not a UUID), apns-lint must report an expo-request-invalid error for
that message. Where it refuses what Expo accepts ("ExpoPushToken[…]", a UUID, an array "to"), the SDK is stricter
than Expo's service.

OneSignal (onesignal-python-api): every create-notification body is read into the SDK's Notification model the way the
SDK reads JSON (model_utils.validate_and_convert_types with the JSON key names), which checks the type of every
known field and a few enums. Its verdict is certain in one direction: when it refuses a field's type (content_available
1, ttl "3600", ...), apns-lint must report something (an error or a warning) at that field. Its known false refusal
of filters ("Multiple oneOf schemas matched", e.g. the docs' filters example) and its other refusals (enums, a button
without id) are not certain. OneSignal's server checks more than the SDK (English content, badge count, push type
override, ...), so an error apns-lint reports for a body the SDK accepts is printed as "apns-lint stricter".

Outcomes, one line per message (Expo) or body (OneSignal):

  AGREE          the SDK refuses and apns-lint reports what it must, or both accept (apns-lint reports no error).
  DISAGREE       certain: the SDK refuses for a reason the service refuses too, and apns-lint does not report it.
  SDK-STRICTER   the SDK refuses what the service accepts (Expo: a token isExpoPushToken accepts). Not counted.
  LINT-STRICTER  the SDK accepts and apns-lint reports an error: the service checks more than the SDK. Not counted.
  NOT-CERTAIN    the SDK refuses for a reason not known to be the service's, and apns-lint reports nothing there.

apns-lint's findings (check --format json --dialect expo|onesignal) are given to a message by their JSON pointer
("/1/to") or, for pointers into the request apns-lint renders ("/headers/…", "/payload/aps/…"), by the source range
they point at. Exit status: 1 when there is a certain disagreement, else 0 (2 on a usage or run failure).
"""

import argparse
import importlib.metadata
import json
import os
import re
import subprocess
import sys

try:
    from exponent_server_sdk import PushClient, PushMessage
    from onesignal import model_utils
    from onesignal.configuration import Configuration
    from onesignal.model.notification import Notification
except ImportError as error:  # pragma: no cover - the wrapper installs them
    print(f'service_sdk_oracle.py: the SDKs are not importable here ({error}); run scripts/check-service-sdks',
          file=sys.stderr)
    sys.exit(2)

try:
    import yaml
except ImportError:
    yaml = None


# --- reading the bodies, with the byte range of every message and of each of its fields ----------------------------

class Unit:
    """One message apns-lint and the SDK judge: an Expo message (maybe one of an array) or a OneSignal body."""

    def __init__(self, document, index, value, span, fields):
        self.document = document  # the YAML document (0-based), 0 for JSON
        self.index = index        # the position in a top-level array, else None
        self.value = value
        self.span = span          # (start, end) UTF-8 byte offsets in the file, or None
        self.fields = fields      # {key: (start, end)} from the key to the end of its value
        self.findings = []        # apns-lint's diagnostics for this message
        self.several = False      # one of several YAML documents

    def label(self, path):
        where = path
        if self.several:
            where += f' (document {self.document + 1})'
        if self.index is not None:
            where += f' [{self.index}]'
        return where

    def pointer(self):
        return '' if self.index is None else f'/{self.index}'


class ByteOffsets:
    """Character index -> UTF-8 byte offset (apns-lint reports byte offsets)."""

    def __init__(self, text):
        self.text = text

    def __call__(self, index):
        return len(self.text[:index].encode('utf-8'))


def json_spans(text):
    """[(span, {key: span})] for the top-level value (one) or each element of a top-level array; [] when unsure."""
    decoder = json.JSONDecoder()
    space = re.compile(r'[ \t\n\r]*')
    skip = lambda i: space.match(text, i).end()  # noqa: E731

    def members(i):
        spans = {}
        i = skip(i + 1)
        if text[i] == '}':
            return spans, i + 1
        while True:
            start = i
            key, i = decoder.raw_decode(text, i)
            i = skip(i)
            i = skip(i + 1)  # ':'
            _, i = decoder.raw_decode(text, i)
            spans[key] = (start, i)
            i = skip(i)
            if text[i] == '}':
                return spans, i + 1
            i = skip(i + 1)  # ','

    def one(i):
        if text[i] == '{':
            fields, end = members(i)
            return ((i, end), fields), end
        _, end = decoder.raw_decode(text, i)
        return ((i, end), {}), end

    try:
        i = skip(0)
        if text[i] != '[':
            return [one(i)[0]]
        out = []
        i = skip(i + 1)
        if text[i] == ']':
            return out
        while True:
            item, i = one(i)
            out.append(item)
            i = skip(i)
            if text[i] == ']':
                return out
            i = skip(i + 1)
    except (ValueError, IndexError):
        return []


def yaml_spans(node):
    """Like json_spans, for one composed YAML document."""
    def fields(n):
        if isinstance(n, yaml.MappingNode):
            return {k.value: (k.start_mark.index, v.end_mark.index) for k, v in n.value
                    if isinstance(k, yaml.ScalarNode)}
        return {}
    if isinstance(node, yaml.SequenceNode):
        return [((n.start_mark.index, n.end_mark.index), fields(n)) for n in node.value]
    return [((node.start_mark.index, node.end_mark.index), fields(node))]


def load(path):
    """The messages of a file as Units; None when it cannot be read here (YAML without PyYAML)."""
    with open(path, encoding='utf-8') as handle:
        text = handle.read()
    to_bytes = ByteOffsets(text)
    if path.endswith(('.yaml', '.yml')):
        if yaml is None:
            return None
        documents = list(zip(yaml.safe_load_all(text), yaml.compose_all(text, Loader=yaml.SafeLoader)))
    else:
        documents = [(json.loads(text), None)]
    units = []
    for number, (value, node) in enumerate(documents):
        if value is None:
            continue
        spans = (yaml_spans(node) if node is not None else json_spans(text))
        values = value if isinstance(value, list) else [value]
        if len(spans) != len(values):
            spans = [(None, {})] * len(values)
        for index, (item, (span, fields)) in enumerate(zip(values, spans)):
            units.append(Unit(number, index if isinstance(value, list) else None, item,
                              span and (to_bytes(span[0]), to_bytes(span[1])),
                              {k: (to_bytes(s), to_bytes(e)) for k, (s, e) in fields.items()}))
    for unit in units:
        unit.several = len(documents) > 1
    return units


# --- apns-lint ---------------------------------------------------------------------------------------------------

def lint(binary, dialect, paths):
    """{path: [diagnostic]} from one apns-lint run over all the files."""
    result = subprocess.run([binary, 'check', '--format', 'json', '--dialect', dialect, *paths],
                            capture_output=True, text=True)
    if result.returncode not in (0, 1):
        print(f'service_sdk_oracle.py: {binary} check --dialect {dialect} failed (exit {result.returncode}):\n'
              f'{result.stderr.strip()}', file=sys.stderr)
        sys.exit(2)
    try:
        diagnostics = json.loads(result.stdout)['diagnostics']
    except (ValueError, KeyError, TypeError):
        print(f'service_sdk_oracle.py: {binary} check --dialect {dialect} printed no JSON (exit {result.returncode}):\n'
              f'{result.stderr.strip()}', file=sys.stderr)
        sys.exit(2)
    found = {p: [] for p in paths}
    for diagnostic in diagnostics:
        file = diagnostic.get('file')
        key = file if file in found else os.path.relpath(file) if file else None
        found.setdefault(key, []).append(diagnostic)
    return found


def offset(diagnostic):
    start = diagnostic.get('start') or {}
    return start.get('offset')


def within(at, span):
    return at is not None and span is not None and span[0] <= at < span[1]


def assign(units, diagnostics):
    """Gives each diagnostic to the message it is about (by pointer, else by source range, else to all)."""
    for diagnostic in diagnostics:
        document = diagnostic.get('document') or 0
        candidates = [u for u in units if u.document == document] or units
        pointer = diagnostic.get('pointer') or ''
        match = re.match(r'/(\d+)(/|$)', pointer)
        arrays = [u for u in candidates if u.index is not None]
        chosen = [u for u in arrays if match and u.index == int(match.group(1))]
        if not chosen:
            chosen = [u for u in candidates if within(offset(diagnostic), u.span)]
        if not chosen:
            chosen = candidates  # about the whole file: every message in it
        for unit in chosen:
            unit.findings.append(diagnostic)


def at_field(unit, diagnostic, field):
    """Whether a diagnostic is about a top-level field of the message (its pointer, else its source range)."""
    pointer = diagnostic.get('pointer') or ''
    prefix = f'{unit.pointer()}/{field}'
    if pointer == prefix or pointer.startswith(prefix + '/'):
        return True
    return within(offset(diagnostic), unit.fields.get(field))


def lint_text(findings):
    seen = []
    for d in findings:
        text = f'{d["rule"]}({d["severity"]})'
        if text not in seen:
            seen.append(text)
    return ','.join(seen) or 'none'


def errors(findings):
    return [d for d in findings if d['severity'] == 'error']


# --- Expo ----------------------------------------------------------------------------------------------------------

# Expo's wire name -> PushMessage field (get_payload writes them back under these names).
EXPO_FIELDS = {
    'to': 'to', 'data': 'data', 'title': 'title', 'body': 'body', 'sound': 'sound', 'ttl': 'ttl',
    'expiration': 'expiration', 'priority': 'priority', 'badge': 'badge', 'categoryId': 'category',
    'channelId': 'channel_id', 'subtitle': 'subtitle', 'mutableContent': 'mutable_content',
    '_displayInForeground': 'display_in_foreground',
}
UUID = re.compile(r'^[a-z\d]{8}-[a-z\d]{4}-[a-z\d]{4}-[a-z\d]{4}-[a-z\d]{12}$', re.IGNORECASE)


def node_is_expo_push_token(token):
    """expo-server-sdk-node's Expo.isExpoPushToken (src/ExpoClient.ts), which Expo's service agrees with."""
    return isinstance(token, str) and (
        ((token.startswith('ExponentPushToken[') or token.startswith('ExpoPushToken[')) and token.endswith(']'))
        or bool(UUID.match(token)))


def expo_sdk(message):
    """(kind, detail, notes, payload): kind is refused, accepted or not-a-message."""
    if not isinstance(message, dict):
        return 'not-a-message', 'the message is not an object', [], None
    if 'aps' in message:
        return 'not-a-message', 'a top-level "aps": an APNs payload, not an Expo message', [], None
    notes = []
    kwargs = {}
    for key, value in message.items():
        if key in EXPO_FIELDS:
            kwargs[EXPO_FIELDS[key]] = value
        else:
            notes.append(f'{key} has no field in PushMessage: left out of what the SDK sends')
    try:
        payload = PushMessage(**kwargs).get_payload()
    except (ValueError, TypeError) as error:
        return 'refused', f'{type(error).__name__}: {error}', notes, None
    for key, value in message.items():
        if key in EXPO_FIELDS and key not in payload:
            notes.append(f'{key} ({json.dumps(value)}) is not in what the SDK sends')
    return 'accepted', None, notes, payload


def expo_outcome(unit, kind, detail):
    """(outcome, counter, extra, lines) for one compared Expo message."""
    to = unit.value.get('to')
    tokens = to if isinstance(to, list) else [to]
    # The tokens the Python SDK refuses one by one (a list it refuses whole) that Expo's Node SDK refuses too.
    refused_by_both = [t for t in tokens if not PushClient.is_exponent_push_token(t) and not node_is_expo_push_token(t)]
    lint_errors = errors(unit.findings)
    if kind == 'refused' and to == []:
        return ('NOT-CERTAIN (an empty "to": no token for isExpoPushToken to judge)', 'not_certain', '', [])
    if kind == 'refused' and refused_by_both:
        invalid = [d for d in lint_errors if d['rule'] == 'expo-request-invalid']
        if not invalid:
            return ('DISAGREE (certain: the SDK and isExpoPushToken refuse '
                    f'{", ".join(json.dumps(t) for t in refused_by_both)}; apns-lint reports no expo-request-invalid)',
                    'certain', '', [])
        extra = ('' if 'to' not in unit.value or any(at_field(unit, d, 'to') for d in invalid)
                 else ' (for another reason: not at "to")')
        return 'AGREE', 'both_refused', extra, []
    if kind == 'refused':
        lines = [f'apns-lint refuses too: {d["rule"]} {d["message"]}' for d in lint_errors if at_field(unit, d, 'to')]
        return ("SDK-STRICTER (SDK stricter than Expo's service (expo-server-sdk-node isExpoPushToken accepts it))",
                'sdk_stricter', '', lines)
    if not lint_errors:
        return 'AGREE', 'both_accepted', '', []
    return ('LINT-STRICTER', 'lint_stricter', '',
            [f'apns-lint stricter: {d["rule"]} {d["message"]}' for d in lint_errors])


# --- OneSignal -----------------------------------------------------------------------------------------------------

ONESIGNAL_FALSE_REFUSAL = 'Multiple oneOf schemas matched'


def innermost(text):
    """The SDK nests composed-schema errors ("... Error=..."): the innermost one."""
    return text.split('Error=')[-1].strip()


def onesignal_sdk(body):
    """(kind, detail, notes, model): kind is refused, accepted or not-a-message."""
    if not isinstance(body, dict):
        return 'not-a-message', 'the body is not an object', [], None
    if 'aps' in body and 'app_id' not in body:
        return 'not-a-message', 'a top-level "aps": an APNs payload as delivered, not a create-notification body', [], None
    notes = []
    try:
        model = model_utils.validate_and_convert_types(body, (Notification,), ['body'], True, True,
                                                       configuration=Configuration())
    except Exception as error:  # ApiTypeError, ApiValueError, ApiAttributeError, a TypeError of a nested model
        return 'refused', f'{type(error).__name__}: {innermost(str(error))}', notes, None
    # How SDK users build it: Notification(**kwargs) with Python values (stricter: an int is not a float there).
    names = {json_name: name for name, json_name in Notification.attribute_map.items()}
    try:
        Notification(**{names.get(k, k): v for k, v in body.items()})
    except Exception as error:
        notes.append(f'Notification(**kwargs) with these Python values refuses: {innermost(str(error))} '
                     '(the SDK reading the JSON converts it)')
    return 'accepted', None, notes, model


def sdk_field(detail):
    """(field, is_type_error) the SDK's refusal is about; field None when the text does not say."""
    match = re.search(r"at \['body'\]\['([^']*)'\]", detail)
    # The path names the SDK's Python attribute (ios_badge_count): the JSON key is in attribute_map (ios_badgeCount).
    field = Notification.attribute_map.get(match.group(1), match.group(1)) if match else None
    if field is None:
        match = re.search(r'Invalid value for `([^`]*)`', detail)
        field = match.group(1) if match and match.group(1) in Notification.attribute_map.values() else None
    return field, 'Invalid type for variable' in detail and field is not None


def onesignal_outcome(unit, kind, detail):
    lint_errors = errors(unit.findings)
    if kind == 'accepted':
        if not lint_errors:
            return 'AGREE', 'both_accepted', '', []
        return ('LINT-STRICTER', 'lint_stricter', '',
                [f'apns-lint stricter: {d["rule"]} {d["message"]}' for d in lint_errors])
    field, type_error = sdk_field(detail)
    there = [d for d in unit.findings if field and d['severity'] in ('error', 'warning') and at_field(unit, d, field)]
    if ONESIGNAL_FALSE_REFUSAL in detail:
        return ('NOT-CERTAIN (the SDK\'s known false refusal of filters: OneSignal accepts the docs\' example)',
                'not_certain', '', [])
    if there:
        return 'AGREE', 'both_refused', f' (at {field}: {",".join(sorted({d["rule"] for d in there}))})', []
    if type_error:
        return (f'DISAGREE (certain: the SDK refuses the type of {field}; apns-lint reports nothing at {field})',
                'certain', '', [])
    return ('NOT-CERTAIN (the SDK refuses a value, not a type: not known to be what OneSignal refuses; '
            f'apns-lint reports nothing{" at " + field if field else " there"})', 'not_certain', '', [])


# --- the comparison ------------------------------------------------------------------------------------------------

def compare(name, sdk_name, how, binary, dialect, paths, verdict, outcome, verbose):
    """Prints one line per message and a summary; returns the number of certain disagreements."""
    print(f'{name}: {sdk_name} ({how})')
    counts = dict.fromkeys(('both_refused', 'both_accepted', 'certain', 'sdk_stricter', 'lint_stricter',
                            'not_certain'), 0)
    rows = []
    skipped = 0
    for path in paths:
        try:
            units = load(path)
        except (OSError, ValueError, UnicodeDecodeError) as error:
            units, reason = None, f'{type(error).__name__}: {error}'
        else:
            reason = 'YAML, and PyYAML is not installed'
        if units is None:
            print(f'{path}: skipped ({reason})')
            skipped += 1
            continue
        rows.append((path, units))
    findings = lint(binary, dialect, [path for path, _ in rows]) if rows else {}
    for path, units in rows:
        assign(units, findings.get(path, []))
        for unit in units:
            kind, detail, notes, result = verdict(unit.value)
            if kind == 'not-a-message':
                print(f'{unit.label(path)}: skipped ({detail})')
                skipped += 1
                continue
            text, counter, extra, lines = outcome(unit, kind, detail)
            counts[counter] += 1
            sdk_text = f'refused: {detail}' if kind == 'refused' else 'accepted'
            print(f'{unit.label(path)}: sdk={sdk_text} apns-lint={lint_text(unit.findings)} {text}{extra}')
            for line in lines:
                print(f'  {line}')
            for note in notes:
                print(f'  note: {note}')
            if verbose:
                if result is not None:
                    sent = result if isinstance(result, dict) else model_utils.model_to_dict(result, serialize=True)
                    print(f'  sdk sends: {json.dumps(sent, sort_keys=True, default=str)}')
                for d in unit.findings:
                    print(f'  apns-lint: {d["rule"]} ({d["severity"]}) at {d.get("pointer")}: {d["message"]}')
    compared = sum(counts.values())
    same = counts['both_refused'] + counts['both_accepted']
    print(f'{name}: {same}/{compared} same verdict ({counts["both_refused"]} refused by both, '
          f'{counts["both_accepted"]} accepted by both), {counts["certain"]} disagreements'
          f' [{counts["sdk_stricter"]} SDK-stricter; {counts["lint_stricter"]} lint-stricter; '
          f'{counts["not_certain"]} not certain; {skipped} skipped]')
    return counts['certain']


def version(distribution):
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return '?'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--binary', required=True, help='the apns-lint binary')
    parser.add_argument('-v', '--verbose', action='store_true',
                        help="also print what the SDK would send and every apns-lint finding")
    parser.add_argument('--expo', nargs='*', default=[], metavar='FILE', help='Expo push message bodies')
    parser.add_argument('--onesignal', nargs='*', default=[], metavar='FILE', help='OneSignal create-notification bodies')
    args = parser.parse_args()
    if not args.expo and not args.onesignal:
        parser.error('no bodies given (--expo FILE..., --onesignal FILE...)')

    certain = 0
    if args.expo:
        certain += compare('expo', f'exponent_server_sdk {version("exponent_server_sdk")}',
                           'PushMessage.get_payload; certain only where isExpoPushToken agrees',
                           args.binary, 'expo', args.expo, expo_sdk, expo_outcome, args.verbose)
    if args.onesignal:
        certain += compare('onesignal', f'onesignal-python-api {version("onesignal-python-api")}',
                           'model_utils.validate_and_convert_types(body, (Notification,)); certain for field types',
                           args.binary, 'onesignal', args.onesignal, onesignal_sdk, onesignal_outcome, args.verbose)
    return 1 if certain else 0


if __name__ == '__main__':
    sys.exit(main())
