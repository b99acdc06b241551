import ZonePipeline
print("zonectl-bench")
