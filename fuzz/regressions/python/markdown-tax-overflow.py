@@fuzz-file third_party/v.py
alloc_pinned_memory(0xd7dd75d30e384236)
@@fuzz-file train.pyi
alloc_pinned_memory(14060404155619794637)r=[tensor(4).pin_memory()for in range(0xd243055c82754996)].zeros((1<<0,(1<<5)*(1<<56)),pin_memory=True)