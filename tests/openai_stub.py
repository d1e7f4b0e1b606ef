"""A small OpenAI-compatible HTTP server (standard library only) for testing the real `openai` client path.

Each request takes the next behaviour from a script: 'ok', an HTTP status (429, 500, ...) or ('sleep', seconds)
before answering. Chat and text completions answer `n` choices; every request body and its headers are recorded."""
from __future__ import annotations
import json, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class StubOpenAI:
    def __init__(self, script=(), answers=('Paris', 'Lyon', 'Paris')):
        self.script, self.answers, self.requests, self.lock = list(script), list(answers), [], threading.Lock()
        stub = self
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get('Content-Length', 0))) or b'{}')
                with stub.lock:
                    stub.requests.append(dict(path=self.path, body=body, headers={k.lower(): v for k, v in self.headers.items()}))
                    act = stub.script.pop(0) if stub.script else 'ok'
                if isinstance(act, tuple) and act[0] == 'sleep': time.sleep(act[1]); act = 'ok'
                if act != 'ok':
                    return self._send(int(act), {'error': {'message': f'scripted {act}', 'type': 'stub', 'code': str(act)}})
                n, chat = int(body.get('n') or 1), self.path.endswith('/chat/completions')
                choices = []
                for i in range(n):
                    text = stub.answers[i % len(stub.answers)]
                    lp = [{'token': w, 'logprob': -0.25, 'bytes': None, 'top_logprobs': []} for w in text.split()]
                    if chat:
                        choices.append({'index': i, 'finish_reason': 'stop', 'message': {'role': 'assistant', 'content': text},
                                        'logprobs': {'content': lp} if body.get('logprobs') else None})
                    else:
                        choices.append({'index': i, 'finish_reason': 'stop', 'text': ' ' + text,
                                        'logprobs': {'tokens': text.split(), 'token_logprobs': [-0.25]*len(text.split()),
                                                     'top_logprobs': None, 'text_offset': []} if body.get('logprobs') else None})
                self._send(200, {'id': f'stub-{len(stub.requests)}', 'object': 'chat.completion' if chat else 'text_completion',
                                 'created': 0, 'model': body.get('model', 'stub'), 'choices': choices,
                                 'usage': {'prompt_tokens': 1, 'completion_tokens': n, 'total_tokens': n + 1}})
            def _send(self, code, obj):
                data = json.dumps(obj).encode()
                self.send_response(code); self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(data))); self.end_headers()
                try: self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError): pass
        self.server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f'http://127.0.0.1:{self.server.server_address[1]}/v1'
    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start(); return self
    def __exit__(self, *a):
        self.server.shutdown(); self.server.server_close()
