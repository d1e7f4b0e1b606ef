"""The collection command takes a dataset name and a model string; bad ones fail before anything is sampled."""
import pytest
from conformal_rag import collect
from conformal_rag.data import DatasetUnavailable

def test_offline_hub_dataset_fails_fast(monkeypatch):
    monkeypatch.setenv('HF_DATASETS_OFFLINE', '1')
    with pytest.raises(DatasetUnavailable, match='SQuAD'): collect.main(['--dataset', 'squad', '--n-questions', '2'])

def test_unknown_dataset_is_named():
    with pytest.raises(ValueError, match="unknown dataset 'nq'"): collect.main(['--dataset', 'nq'])

def test_openai_model_without_key_fails_before_sampling(monkeypatch, tmp_path):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    with pytest.raises(ValueError, match='OPENAI_API_KEY'):
        collect.main(['--model', 'openai:gpt-4o-mini', '--n-questions', '2', '--no-features', '--out-dir', str(tmp_path),
                      '--cache', str(tmp_path/'g.sqlite')])
    assert not list(tmp_path.glob('*.npz'))

def test_rcrag_collect_takes_a_dataset(monkeypatch, tmp_path):
    "RC-RAG's collection: `--dataset triviaqa` offline fails at once, naming the dataset; `nq` without a path says what it needs."
    from conformal_rag import rcrag
    monkeypatch.setenv('HF_DATASETS_OFFLINE', '1')
    kw = ['--models', 'fake:m', '--n-questions', '2', '--no-pilot', '--out', str(tmp_path/'g.jsonl.gz'), '--cache', str(tmp_path/'c.sqlite')]
    with pytest.raises(DatasetUnavailable, match='TriviaQA'): rcrag.main(['collect', '--dataset', 'triviaqa'] + kw)
    with pytest.raises(ValueError, match="'nq' needs a path"): rcrag.main(['collect', '--dataset', 'nq'] + kw)
    assert not (tmp_path/'g.jsonl.gz').exists()
