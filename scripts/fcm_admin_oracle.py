#!/usr/bin/env python3
"""Ground truth for apns-lint's FCM rules from the real Firebase Admin SDK for Python.

Run by scripts/check-fcm-admin inside a throwaway virtualenv that has firebase-admin installed; no code of the SDK is
kept in this repository. For every FCM HTTP v1 body given, this builds the SDK's own objects from the JSON
(messaging.Message, Notification, AndroidConfig, APNSConfig, APNSPayload, Aps, ApsAlert, CriticalSound,
APNSFCMOptions, FCMOptions, ...) and asks the SDK to validate and encode the message the way messaging.send() does
before it goes on the wire (messaging._MessagingService.encode_message), without sending anything. The SDK either
refuses (ValueError/TypeError: its text is recorded) or encodes (the encoded "apns" part is recorded).

The same file is then linted by apns-lint (check --format json). apns-lint's verdict is "refused" when it reports an
error from an fcm-* rule (FCM itself refuses the request), else "accepted". Outcomes per file:

  AGREE         both refuse, or both accept.
  server-only   the SDK accepts, and apns-lint refuses only for reasons the SDK does not check before sending (only
                FCM's server does: unknown fields, reserved data keys, data-only at priority 10, size, an empty aps,
                a ttl above 4 weeks, the legacy API). Not a disagreement; counted apart.
  DISAGREE      otherwise. "certain" when the SDK refuses and apns-lint reports no fcm-* error: the SDK's validation
                (which is a subset of FCM's) makes it certain FCM does not get this message from the SDK. The SDK
                accepting while apns-lint reports an fcm-* rule the SDK does check is a disagreement too, but not a
                certain one (FCM checks more than the SDK).

Where the JSON cannot be written as the SDK's objects exactly (an unknown field has nowhere to go; an HTTP v1 enum or
duration is spelled differently; a value of the wrong type is passed through unchanged so the SDK can refuse it),
a "note:" line says so. Exit status: 1 when there is a certain disagreement, else 0 (2 on a usage or run failure).
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import warnings

try:
    import firebase_admin
    from firebase_admin import messaging
except ImportError as error:  # pragma: no cover - the wrapper installs it
    sys.exit(f'fcm_admin_oracle.py: firebase-admin is not importable here ({error}); run scripts/check-fcm-admin')

try:
    import yaml
except ImportError:
    yaml = None


# apns-lint's fcm-* rules, by what the SDK checks before sending.
# Every case these rules find is one the SDK refuses too (given the mapping below).
SDK_CHECKED = {
    'fcm-data-not-string',         # _Validators.check_string_dict on Message.data, AndroidConfig.data, WebpushConfig.data
    'fcm-apns-header-not-string',  # check_string_dict on APNSConfig.headers
    'fcm-target-invalid',          # exactly one of fid/token/topic/condition; the topic name pattern
    'fcm-priority-invalid',        # AndroidConfig.priority in ("high", "normal")
}
# Rules the SDK checks only in part, or not at all: what is left is checked by FCM's server alone.
SERVER_ONLY = {
    'fcm-unknown-key',                # the SDK's objects have no unknown fields; only the server parses the JSON
    'fcm-reserved-data-key',          # the Python SDK does not look at data keys
    'fcm-data-only-high-priority',    # the SDK does not relate headers to the payload
    'fcm-message-too-large',          # the SDK does not measure the message
    'fcm-legacy-api',                 # the SDK speaks HTTP v1 only
    'fcm-ttl-invalid',                # the SDK refuses a negative ttl only, not one above 4 weeks or unreadable
    'fcm-apns-payload-without-aps',   # the SDK refuses a payload without aps, not an empty aps
}

# The SDK's refusal text -> the apns-lint rule that names the same problem.
SDK_REASON_RULES = [
    (re.compile(r'^(Message|AndroidConfig|WebpushConfig)\.data must'), 'fcm-data-not-string'),
    (re.compile(r'^APNSConfig\.headers must'), 'fcm-apns-header-not-string'),
    (re.compile(r'^Exactly one of|^Malformed topic name|^Message\.(token|topic|condition|fid) must'),
     'fcm-target-invalid'),
    (re.compile(r'^AndroidConfig\.priority'), 'fcm-priority-invalid'),
    (re.compile(r'^AndroidConfig\.ttl'), 'fcm-ttl-invalid'),
    (re.compile(r'^APNSPayload\.aps must be an instance'), 'fcm-apns-payload-without-aps'),
]

LEGACY_KEYS = ('to', 'registration_ids')


class Mapper:
    """Builds the SDK's objects from one HTTP v1 message, noting what does not map one to one."""

    def __init__(self, passthrough=False):
        self.notes = []
        # passthrough: write every aps key the typed fields would refuse through Aps.custom_data instead, unchanged
        self.passthrough = passthrough

    def note(self, text):
        self.notes.append(text)

    def unknown(self, where, obj, known):
        for key in obj:
            if key not in known:
                self.note(f'{where}.{key} has no field in the SDK: left out')

    @staticmethod
    def is_obj(value):
        return isinstance(value, dict)

    def message(self, m):
        if not self.is_obj(m):
            self.note('the message is not an object: passed to the SDK as it is')
            return m
        known = ('token', 'topic', 'condition', 'fid', 'data', 'notification', 'android', 'webpush', 'apns',
                 'fcm_options')
        self.unknown('message', m, known)
        kwargs = {}
        for key in ('token', 'topic', 'condition', 'fid', 'data'):
            if key in m:
                kwargs[key] = m[key]
        if 'notification' in m:
            kwargs['notification'] = self.notification(m['notification'])
        if 'android' in m:
            kwargs['android'] = self.android(m['android'])
        if 'webpush' in m:
            kwargs['webpush'] = self.webpush(m['webpush'])
        if 'apns' in m:
            kwargs['apns'] = self.apns(m['apns'])
        if 'fcm_options' in m:
            kwargs['fcm_options'] = self.simple(m['fcm_options'], 'message.fcm_options', messaging.FCMOptions,
                                                ('analytics_label',))
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)  # Message.token is deprecated in favour of fid
            return messaging.Message(**kwargs)

    def simple(self, obj, where, cls, fields):
        if obj is None:
            return None
        if not self.is_obj(obj):
            self.note(f'{where} is not an object: passed to the SDK as it is')
            return obj
        self.unknown(where, obj, fields)
        return cls(**{k: obj[k] for k in fields if k in obj})

    def notification(self, n):
        return self.simple(n, 'message.notification', messaging.Notification, ('title', 'body', 'image'))

    # --- android -------------------------------------------------------------------------------------------------

    def duration_seconds(self, value, where):
        """An HTTP v1 Duration ("3.5s") as the number of seconds the SDK takes; anything else as it is."""
        if isinstance(value, str):
            match = re.fullmatch(r'(-?\d+(?:\.\d{1,9})?)s', value)
            if match:
                return float(match.group(1)) if '.' in match.group(1) else int(match.group(1))
            self.note(f'{where} {value!r} is not an HTTP v1 duration: passed to the SDK as it is')
            return value
        if value is not None:
            self.note(f'{where} is {json.dumps(value)}, not a duration string: passed to the SDK as it is '
                      '(the SDK takes seconds as a number and encodes "<n>s")')
        return value

    def enum(self, value, where, names, prefix=''):
        """An HTTP v1 enum name ("HIGH", "PRIORITY_HIGH") as the SDK's lower-case word."""
        if isinstance(value, str):
            word = value[len(prefix):] if prefix and value.upper().startswith(prefix) else value
            if word.lower() in names:
                if word != word.lower() or word != value:
                    self.note(f'{where} {value!r} given to the SDK as {word.lower()!r} (its spelling)')
                return word.lower()
        return value

    def android(self, a):
        if not self.is_obj(a):
            self.note('message.android is not an object: passed to the SDK as it is')
            return a
        known = ('collapse_key', 'priority', 'ttl', 'restricted_package_name', 'data', 'notification', 'fcm_options',
                 'direct_boot_ok', 'bandwidth_constrained_ok', 'restricted_satellite_ok')
        self.unknown('message.android', a, known)
        kwargs = {k: a[k] for k in known if k in a}
        if 'priority' in a:
            kwargs['priority'] = self.enum(a['priority'], 'android.priority', ('high', 'normal'))
        if 'ttl' in a:
            kwargs['ttl'] = self.duration_seconds(a['ttl'], 'android.ttl')
        if 'notification' in a:
            kwargs['notification'] = self.android_notification(a['notification'])
        if 'fcm_options' in a:
            kwargs['fcm_options'] = self.simple(a['fcm_options'], 'android.fcm_options', messaging.AndroidFCMOptions,
                                                ('analytics_label',))
        return messaging.AndroidConfig(**kwargs)

    def android_notification(self, n):
        if not self.is_obj(n):
            self.note('android.notification is not an object: passed to the SDK as it is')
            return n
        same = ('title', 'body', 'icon', 'color', 'sound', 'tag', 'click_action', 'body_loc_key', 'body_loc_args',
                'title_loc_key', 'title_loc_args', 'channel_id', 'image', 'ticker', 'sticky', 'local_only',
                'default_vibrate_timings', 'default_sound', 'default_light_settings', 'notification_count')
        renamed = ('notification_priority', 'visibility', 'proxy', 'event_time', 'vibrate_timings', 'light_settings')
        self.unknown('android.notification', n, same + renamed)
        kwargs = {k: n[k] for k in same if k in n}
        if 'notification_priority' in n:
            kwargs['priority'] = self.enum(n['notification_priority'], 'android.notification.notification_priority',
                                           ('min', 'low', 'default', 'high', 'max'), prefix='PRIORITY_')
        if 'visibility' in n:
            kwargs['visibility'] = self.enum(n['visibility'], 'android.notification.visibility',
                                             ('private', 'public', 'secret'))
        if 'proxy' in n:
            kwargs['proxy'] = self.enum(n['proxy'], 'android.notification.proxy', ('allow', 'deny', 'if_priority_lowered'))
        if 'event_time' in n:
            value = n['event_time']
            try:
                kwargs['event_timestamp'] = datetime.datetime.fromisoformat(value.replace('Z', '+00:00'))
            except (AttributeError, ValueError):
                self.note(f'android.notification.event_time {value!r} is not a timestamp: passed to the SDK as it is')
                kwargs['event_timestamp'] = value
        if 'vibrate_timings' in n:
            value = n['vibrate_timings']
            if isinstance(value, list):
                kwargs['vibrate_timings_millis'] = [
                    (s * 1000 if isinstance(s, (int, float)) else s)
                    for s in (self.duration_seconds(v, 'android.notification.vibrate_timings[]') for v in value)]
            else:
                kwargs['vibrate_timings_millis'] = value
        if 'light_settings' in n:
            ls = n['light_settings']
            if self.is_obj(ls) and self.is_obj(ls.get('color')):
                c = ls['color']
                hex_color = '#' + ''.join(f'{round(float(c.get(k, 1 if k == "alpha" else 0)) * 255):02X}'
                                          for k in ('red', 'green', 'blue', 'alpha'))
                on = self.duration_seconds(ls.get('light_on_duration'), 'light_settings.light_on_duration')
                off = self.duration_seconds(ls.get('light_off_duration'), 'light_settings.light_off_duration')
                kwargs['light_settings'] = messaging.LightSettings(
                    hex_color, on * 1000 if isinstance(on, (int, float)) else on,
                    off * 1000 if isinstance(off, (int, float)) else off)
            else:
                self.note('android.notification.light_settings is not {color: {red, green, blue}, ...}: passed as it is')
                kwargs['light_settings'] = ls
        return messaging.AndroidNotification(**kwargs)

    # --- webpush -------------------------------------------------------------------------------------------------

    def webpush(self, w):
        if not self.is_obj(w):
            self.note('message.webpush is not an object: passed to the SDK as it is')
            return w
        self.unknown('message.webpush', w, ('headers', 'data', 'notification', 'fcm_options'))
        kwargs = {k: w[k] for k in ('headers', 'data') if k in w}
        if 'notification' in w:
            n = w['notification']
            if self.is_obj(n):
                names = {'title': 'title', 'body': 'body', 'icon': 'icon', 'badge': 'badge', 'data': 'data',
                         'dir': 'direction', 'image': 'image', 'lang': 'language', 'renotify': 'renotify',
                         'requireInteraction': 'require_interaction', 'silent': 'silent', 'tag': 'tag',
                         'timestamp': 'timestamp_millis', 'vibrate': 'vibrate'}
                nk = {names[k]: v for k, v in n.items() if k in names}
                custom = {k: v for k, v in n.items() if k not in names and k != 'actions'}
                if custom:
                    nk['custom_data'] = custom
                if 'actions' in n:
                    actions = n['actions']
                    if isinstance(actions, list) and all(self.is_obj(x) for x in actions):
                        nk['actions'] = [messaging.WebpushNotificationAction(x.get('action'), x.get('title'),
                                                                             x.get('icon')) for x in actions]
                    else:
                        nk['actions'] = actions
                kwargs['notification'] = messaging.WebpushNotification(**nk)
            else:
                kwargs['notification'] = n
        if 'fcm_options' in w:
            kwargs['fcm_options'] = self.simple(w['fcm_options'], 'webpush.fcm_options', messaging.WebpushFCMOptions,
                                                ('link',))
        return messaging.WebpushConfig(**kwargs)

    # --- apns ----------------------------------------------------------------------------------------------------

    def apns(self, a):
        if not self.is_obj(a):
            self.note('message.apns is not an object: passed to the SDK as it is')
            return a
        self.unknown('message.apns', a, ('headers', 'payload', 'fcm_options', 'live_activity_token'))
        kwargs = {}
        if 'headers' in a:
            headers = a['headers']
            if self.is_obj(headers):
                for name, value in headers.items():
                    if not isinstance(value, str):
                        self.note(f'apns.headers {name!r} is {json.dumps(value)}: the SDK takes a dict of strings; '
                                  'passed through as it is')
            kwargs['headers'] = headers
        if 'payload' in a:
            kwargs['payload'] = self.payload(a['payload'])
        if 'fcm_options' in a:
            kwargs['fcm_options'] = self.simple(a['fcm_options'], 'apns.fcm_options', messaging.APNSFCMOptions,
                                                ('analytics_label', 'image'))
        if 'live_activity_token' in a:
            kwargs['live_activity_token'] = a['live_activity_token']
        return messaging.APNSConfig(**kwargs)

    def payload(self, p):
        if p is None:
            return None
        if not self.is_obj(p):
            self.note('apns.payload is not an object: passed to the SDK as it is')
            return p
        custom = {k: v for k, v in p.items() if k != 'aps'}
        if 'aps' not in p:
            self.note('apns.payload has no "aps": APNSPayload(aps=None), the SDK\'s constructor requires one')
            return messaging.APNSPayload(None, **custom)
        return messaging.APNSPayload(self.aps(p['aps']), **custom)

    def aps(self, aps):
        if not self.is_obj(aps):
            self.note('aps is not an object: passed to the SDK as it is')
            return aps
        kwargs = {}
        custom = {}
        for key, value in aps.items():
            if self.passthrough and key in ('alert', 'badge', 'sound', 'category', 'thread-id') and not (
                    isinstance(value, str) if key in ('category', 'thread-id') else
                    isinstance(value, (int, float)) and not isinstance(value, bool) if key == 'badge' else
                    (isinstance(value, str) and value) or isinstance(value, dict)):
                custom[key] = value
            elif key == 'alert':
                kwargs['alert'] = self.alert(value)
            elif key == 'badge':
                if isinstance(value, bool):
                    self.note(f'aps.badge is {json.dumps(value)}: the SDK takes it as a number (bool is one in Python)')
                kwargs['badge'] = value
            elif key == 'sound':
                kwargs['sound'] = self.sound(value)
            elif key in ('content-available', 'mutable-content'):
                if type(value) is int and value == 1:
                    kwargs[key.replace('-', '_')] = True
                else:
                    # Aps takes a bool and writes 1; any other value only fits through custom_data, unchanged.
                    self.note(f'aps.{key} is {json.dumps(value)}: Aps.{key.replace("-", "_")} is a bool written as 1, '
                              'so it is passed unchanged through Aps.custom_data')
                    custom[key] = value
            elif key == 'category':
                kwargs['category'] = value
            elif key == 'thread-id':
                kwargs['thread_id'] = value
            else:
                custom[key] = value
        if custom:
            kwargs['custom_data'] = custom
        return messaging.Aps(**kwargs)

    def alert(self, alert):
        if isinstance(alert, str) or not self.is_obj(alert):
            if not isinstance(alert, str):
                self.note(f'aps.alert is {json.dumps(alert)}: passed to the SDK as it is')
            return alert
        names = {'title': 'title', 'subtitle': 'subtitle', 'body': 'body', 'loc-key': 'loc_key',
                 'loc-args': 'loc_args', 'title-loc-key': 'title_loc_key', 'title-loc-args': 'title_loc_args',
                 'action-loc-key': 'action_loc_key', 'launch-image': 'launch_image'}
        kwargs = {names[k]: v for k, v in alert.items() if k in names}
        custom = {k: v for k, v in alert.items() if k not in names}
        if custom:
            kwargs['custom_data'] = custom
        return messaging.ApsAlert(**kwargs)

    def sound(self, sound):
        if self.is_obj(sound):
            unknown = [k for k in sound if k not in ('name', 'critical', 'volume')]
            if unknown:
                self.note(f'aps.sound keys {unknown} have no field in CriticalSound: left out')
            critical = sound.get('critical')
            if critical not in (None, 0, 1) or isinstance(critical, bool):
                self.note(f'aps.sound.critical is {json.dumps(critical)}: CriticalSound.critical is a bool written as 1')
            return messaging.CriticalSound(sound.get('name'), critical=bool(critical) if critical is not None else None,
                                           volume=sound.get('volume'))
        if not isinstance(sound, str):
            self.note(f'aps.sound is {json.dumps(sound)}: passed to the SDK as it is')
        return sound


def differences(sent, encoded, path):
    """Where the SDK's encoding differs from the JSON given (both plain JSON values)."""
    if isinstance(sent, dict) and isinstance(encoded, dict):
        out = []
        for key in sent:
            if key not in encoded:
                out.append(f'{path}.{key} ({json.dumps(sent[key])}) is not in what the SDK sends')
            else:
                out += differences(sent[key], encoded[key], f'{path}.{key}')
        out += [f'{path}.{key} is added by the SDK ({json.dumps(encoded[key])})' for key in encoded if key not in sent]
        return out
    if sent != encoded or type(sent) is not type(encoded):
        return [f'{path} is {json.dumps(sent)} in the JSON, {json.dumps(encoded)} in what the SDK sends']
    return []


def encode(message):
    """The SDK's own validation and encoding, as messaging.send() runs it before sending."""
    service = getattr(messaging, '_MessagingService', None)
    if service is not None and hasattr(service, 'encode_message'):
        return service.encode_message(message)
    from firebase_admin import _messaging_encoder  # older layouts
    return _messaging_encoder.MessageEncoder().default(message)


def load(path):
    """The bodies in a file: one for JSON, one per document for YAML. None when it cannot be read here."""
    with open(path, encoding='utf-8') as handle:
        text = handle.read()
    if path.endswith(('.yaml', '.yml')):
        if yaml is None:
            return None
        return [doc for doc in yaml.safe_load_all(text) if doc is not None]
    return [json.loads(text)]


def sdk_verdict(body):
    """(kind, detail, notes, apns_part): kind is refused, accepted, legacy or not-a-message."""
    if not isinstance(body, dict):
        return 'not-a-message', 'the body is not an object', [], None
    if any(k in body for k in LEGACY_KEYS):
        return 'legacy', 'a legacy HTTP API body (to/registration_ids): the SDK has no legacy API', [], None
    mapper = Mapper()
    if 'message' in body:
        for key in body:
            if key not in ('message', 'validate_only'):
                mapper.note(f'request field {key!r} has no counterpart in the SDK: left out')
        if 'validate_only' in body and not isinstance(body['validate_only'], bool):
            mapper.note(f'validate_only is {json.dumps(body["validate_only"])}: send(dry_run=...) takes a bool')
        message_json = body['message']
    else:
        message_json = body
    try:
        message = mapper.message(message_json)
        encoded = encode(message)
    except (ValueError, TypeError) as error:
        if re.match(r'(Aps|ApsAlert|CriticalSound|CriticalSond)\.', str(error)):
            # A typed field of the SDK refused an APNs value: could the SDK send it through Aps.custom_data?
            retry = Mapper(passthrough=True)
            try:
                encode(retry.message(message_json))
                mapper.note('the same value written through Aps.custom_data instead: the SDK sends it unchanged')
            except (ValueError, TypeError) as again:
                mapper.note(f'the same value written through Aps.custom_data instead: refused too ({again})')
        return 'refused', f'{type(error).__name__}: {error}', mapper.notes, None
    apns_part = encoded.get('apns') if isinstance(encoded, dict) else None
    apns_json = message_json.get('apns') if isinstance(message_json, dict) else None
    if isinstance(apns_json, dict):
        known = {k: v for k, v in apns_json.items() if k in ('headers', 'payload', 'fcm_options', 'live_activity_token')}
        for text in differences(known, apns_part or {}, 'apns'):
            mapper.note(f'lossy: {text}')
    return 'accepted', None, mapper.notes, apns_part


def lint(binary, paths):
    """{path: [(rule, severity)]} from one apns-lint run over all the files."""
    result = subprocess.run([binary, 'check', '--format', 'json', *paths], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f'fcm_admin_oracle.py: {binary} check failed (exit {result.returncode}):\n{result.stderr.strip()}')
    found = {p: [] for p in paths}
    for diagnostic in json.loads(result.stdout)['diagnostics']:
        file = diagnostic.get('file')
        key = file if file in found else os.path.relpath(file) if file else None
        found.setdefault(key, []).append((diagnostic['rule'], diagnostic['severity']))
    return found


def expected_rule(reason):
    text = reason.split(': ', 1)[-1]
    for pattern, rule in SDK_REASON_RULES:
        if pattern.search(text):
            return rule
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--binary', required=True, help='the apns-lint binary')
    parser.add_argument('-v', '--verbose', action='store_true', help="also print the SDK's encoded apns part")
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()

    print(f'fcm-admin: firebase-admin {firebase_admin.__version__} '
          f'({"messaging._MessagingService.encode_message" if hasattr(messaging, "_MessagingService") else "MessageEncoder.default"})')
    rows = []
    for path in args.files:
        try:
            bodies = load(path)
        except (OSError, ValueError) as error:
            rows.append((path, 'unreadable', f'{type(error).__name__}: {error}', [], None))
            continue
        if bodies is None:
            rows.append((path, 'unreadable', 'YAML, and PyYAML is not installed', [], None))
            continue
        verdicts = [sdk_verdict(b) for b in bodies]
        kinds = [v[0] for v in verdicts]
        notes = [n for v in verdicts for n in v[2]]
        if 'legacy' in kinds or 'not-a-message' in kinds:
            v = next(v for v in verdicts if v[0] in ('legacy', 'not-a-message'))
            rows.append((path, v[0], v[1], notes, None))
        elif 'refused' in kinds:
            v = next(v for v in verdicts if v[0] == 'refused')
            rows.append((path, 'refused', v[1], notes, None))
        else:
            rows.append((path, 'accepted', None, notes, [v[3] for v in verdicts]))

    compared = [r for r in rows if r[1] in ('refused', 'accepted')]
    findings = lint(args.binary, [r[0] for r in compared]) if compared else {}

    same = both_refused = both_accepted = server_only = disagreements = certain = other_reason = 0
    for path, kind, detail, notes, apns_parts in rows:
        if kind not in ('refused', 'accepted'):
            print(f'{path}: skipped ({detail})')
            continue
        fcm_errors = sorted({rule for rule, severity in findings.get(path, [])
                             if severity == 'error' and rule.startswith('fcm-')})
        lint_text = ','.join(fcm_errors) or 'none'
        sdk_text = f'refused: {detail}' if kind == 'refused' else 'accepted'
        extra = ''
        if kind == 'refused' and fcm_errors:
            same += 1
            both_refused += 1
            outcome = 'AGREE'
            rule = expected_rule(detail)
            if rule and rule not in fcm_errors:
                other_reason += 1
                extra = f' (for another reason: no {rule} from apns-lint for the SDK\'s reason)'
            elif rule is None:
                extra = ' (the SDK\'s reason has no fcm-* rule)'
        elif kind == 'accepted' and not fcm_errors:
            same += 1
            both_accepted += 1
            outcome = 'AGREE'
        elif kind == 'accepted' and all(r in SERVER_ONLY for r in fcm_errors):
            server_only += 1
            outcome = 'server-only'
        elif kind == 'refused' and any(severity == 'error' for _, severity in findings.get(path, [])):
            # The SDK's typed APNs fields (Aps.badge a number, …) refuse what apns-lint's APNs rules report as errors:
            # the user is told either way, by the rule that names the APNs problem.
            others = sorted({rule for rule, severity in findings.get(path, []) if severity == 'error'})
            same += 1
            both_refused += 1
            other_reason += 1
            outcome = 'AGREE'
            extra = f' (apns-lint through the APNs rule {",".join(others)})'
        elif kind == 'refused':
            disagreements += 1
            certain += 1
            outcome = 'DISAGREE (certain: the SDK refuses before sending; apns-lint reports no error)'
        else:
            disagreements += 1
            checked = [r for r in fcm_errors if r in SDK_CHECKED]
            outcome = (f'DISAGREE (the SDK checks {",".join(checked)} and accepts; FCM\'s server may still refuse)'
                       if checked else 'DISAGREE (apns-lint rule unknown to this script)')
        print(f'{path}: sdk={sdk_text} apns-lint={lint_text} {outcome}{extra}')
        for text in notes:
            print(f'  note: {text}')
        if args.verbose and apns_parts:
            for part in apns_parts:
                print(f'  sdk apns: {json.dumps(part, sort_keys=True)}')

    skipped = len(rows) - len(compared)
    print(f'fcm-admin: {same}/{len(compared)} same verdict ({both_refused} refused by both, '
          f'{both_accepted} accepted by both), {disagreements} disagreements'
          f' [{certain} certain; {server_only} server-only; {other_reason} refused by both for another reason; '
          f'{skipped} skipped]')
    return 1 if certain else 0


if __name__ == '__main__':
    sys.exit(main())
