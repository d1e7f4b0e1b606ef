"""A small OpenAI-compatible HTTP server (standard library only, 127.0.0.1 only) for testing the real `openai` client
path, with scripted faults.

Each request takes the next behaviour from `script` (then 'ok' once the script is used up); `by_prompt` maps a prompt
(the last message's content, or the text prompt) to a behaviour used for every request carrying it, before the script.
A behaviour is:
- 'ok': answer `n` choices (after `delay` seconds);
- an HTTP status (429, 500, 400, ...): an OpenAI-style error body;
- ('retry_after', status, value): that status with a `Retry-After: value` header;
- ('sleep', seconds): wait, then answer (a slow reply, to hit the client's timeout);
- 'badjson': a 200 reply whose body is not JSON; 'nochoices': a 200 JSON reply without choices;
- 'nullcontent': a 200 reply whose choices have `content: null` (`text: null` on the completions endpoint), as an
  OpenAI-compatible server sends when it produced no text;
- ('drip', seconds): the 'ok' reply (status line, headers and body) sent a byte at a time over `seconds` (a server that
  keeps every read within a per-read timeout, but never finishes in time); it stops when the client hangs up.
Every request is recorded with its body, headers and arrival time (`time.monotonic()`); `max_active` is the largest
number of requests being answered at once."""
from __future__ import annotations
import json, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

def prompt_of(body:dict) -> str:
    if body.get('messages'): return body['messages'][-1].get('content', '')
    return body.get('prompt', '') if isinstance(body.get('prompt'), str) else ''

class StubOpenAI:
    def __init__(self, script=(), answers=('Paris', 'Lyon', 'Paris'), by_prompt=None, delay=0.0):
        self.script, self.answers, self.requests, self.lock = list(script), list(answers), [], threading.Lock()
        self.by_prompt, self.delay, self.active, self.max_active = dict(by_prompt or {}), delay, 0, 0
        self.dripped = 0
        stub = self
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get('Content-Length', 0))) or b'{}')
                with stub.lock:
                    stub.requests.append(dict(path=self.path, body=body, time=time.monotonic(),
                                              headers={k.lower(): v for k, v in self.headers.items()}))
                    p = prompt_of(body)
                    act = stub.by_prompt[p] if p in stub.by_prompt else (stub.script.pop(0) if stub.script else 'ok')
                    stub.active += 1; stub.max_active = max(stub.max_active, stub.active)
                self.counted = True
                try: self._answer(body, act)
                finally: self._done()
            def _done(self):
                "This request stops counting as active, once: before its reply is written (the client may send its next"
                " request as soon as it has read the reply, before this thread returns)."
                if getattr(self, 'counted', False):
                    self.counted = False
                    with stub.lock: stub.active -= 1
            def _answer(self, body, act):
                if isinstance(act, tuple) and act[0] == 'sleep': time.sleep(act[1]); act = 'ok'
                if isinstance(act, tuple) and act[0] == 'retry_after':
                    return self._send(act[1], {'error': {'message': f'scripted {act[1]}', 'type': 'stub'}},
                                      {'Retry-After': str(act[2])})
                if act == 'badjson': return self._send_raw(200, b'{"id": "stub", "choices": [{"index": 0, "mess')
                if act == 'nochoices': return self._send(200, {'id': 'stub', 'object': 'chat.completion'})
                if isinstance(act, tuple) and act[0] == 'drip': return self._drip(json.dumps(self._reply(body)).encode(), act[1])
                if act == 'nullcontent': return self._send(200, self._reply(body, null=True))
                if act != 'ok':
                    return self._send(int(act), {'error': {'message': f'scripted {act}', 'type': 'stub', 'code': str(act)}})
                if stub.delay: time.sleep(stub.delay)
                self._send(200, self._reply(body))
            def _reply(self, body, null=False):
                "The completion answering `body` (its texts null when `null`)."
                n, chat = int(body.get('n') or 1), self.path.endswith('/chat/completions')
                choices = []
                for i in range(n):
                    text = stub.answers[i % len(stub.answers)]
                    lp = [{'token': w, 'logprob': -0.25, 'bytes': None, 'top_logprobs': []} for w in text.split()]
                    if chat:
                        choices.append({'index': i, 'finish_reason': 'stop',
                                        'message': {'role': 'assistant', 'content': None if null else text},
                                        'logprobs': {'content': lp} if body.get('logprobs') else None})
                    else:
                        choices.append({'index': i, 'finish_reason': 'stop', 'text': None if null else ' ' + text,
                                        'logprobs': {'tokens': text.split(), 'token_logprobs': [-0.25]*len(text.split()),
                                                     'top_logprobs': None, 'text_offset': []} if body.get('logprobs') else None})
                return {'id': f'stub-{len(stub.requests)}', 'object': 'chat.completion' if chat else 'text_completion',
                        'created': 0, 'model': body.get('model', 'stub'), 'choices': choices,
                        'usage': {'prompt_tokens': 1, 'completion_tokens': n, 'total_tokens': n + 1}}
            def _drip(self, data, seconds):
                "The whole reply, a byte at a time over `seconds`; `stub.dripped` counts the bytes sent."
                raw = (f'{self.protocol_version} 200 OK\r\nContent-Type: application/json\r\n'
                       f'Content-Length: {len(data)}\r\n\r\n').encode() + data
                self._done(); self.close_connection = True
                for i in range(len(raw)):
                    try: self.wfile.write(raw[i:i + 1]); self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError): return
                    with stub.lock: stub.dripped += 1
                    time.sleep(seconds / len(raw))
            def _send(self, code, obj, headers=None):
                self._send_raw(code, json.dumps(obj).encode(), headers)
            def _send_raw(self, code, data, headers=None):
                self.send_response(code); self.send_header('Content-Type', 'application/json')
                for k, v in (headers or {}).items(): self.send_header(k, v)
                self.send_header('Content-Length', str(len(data)))
                self._done()
                self.end_headers()
                try: self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError): pass
        self.server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f'http://127.0.0.1:{self.server.server_address[1]}/v1'
    def prompts(self) -> list:
        "The prompt of every request received, in order."
        return [prompt_of(r['body']) for r in self.requests]
    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start(); return self
    def __exit__(self, *a):
        self.server.shutdown(); self.server.server_close()
