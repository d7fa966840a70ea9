from .config import SurveyConfig, load_survey

__all__ = ["SurveyConfig", "load_survey"]
